// A report as a CSV download, produced while the rows arrive: the consumer pulls, and only
// then are more rows read, turned into cells and written as records (record-text.ts), one chunk of
// about 64 KB at a time. Nothing is read before the first pull and nothing runs ahead of the
// client, so a 200,000-row export holds one chunk in memory, and a client that goes away
// cancels the stream, which closes the rows' iterator (and with it the upstream paging).
import "server-only";
import { csvHeaderRecord, type CsvColumns } from "./columns";
import { DEFAULT_CSV_DIALECT, type CsvDialect } from "./dialect";
import { downloadResponse } from "./download-response";
import { csvLine, csvRowLine } from "./record-text";
import { closeRows, isBatched, openRows, ROW_BATCHES, type RowIterator, type Rows } from "./rows";

export interface CsvStreamOptions {
  /** Characters of CSV gathered before a chunk is sent (about as many bytes). Default 64 KiB. */
  chunkSize?: number;
  /** A chunk is sent after this long even if small, so slow upstream pages still trickle out. Default 250 ms. */
  maxChunkDelayMs?: number;
  /** The field delimiter and decimal mark (dialect.ts); default "," and ".". */
  dialect?: CsvDialect;
}

// The BOM lets Excel open the file as UTF-8; it is written once, before the header.
const BOM = "\uFEFF";

export function csvStream<T>(columns: CsvColumns<T>, rows: Rows<T>, options: CsvStreamOptions = {}): ReadableStream<Uint8Array> {
  const chunkSize = options.chunkSize ?? 64 * 1024;
  const maxDelay = options.maxChunkDelayMs ?? 250;
  const dialect = options.dialect ?? DEFAULT_CSV_DIALECT;
  const encoder = new TextEncoder();
  // Rows read a batch at a time when they can be (rows.ts), else one at a time.
  const batched = isBatched(rows) ? rows : null;
  let iterator: RowIterator<T> | AsyncIterator<readonly T[]> | undefined;
  const open = () => (batched ? batched[ROW_BATCHES]() : openRows(rows));
  let batch: readonly T[] = [];
  let at = 0;
  let first = true;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= open();
        let text = first ? BOM + csvLine(csvHeaderRecord(columns), dialect.delimiter) : "";
        const size = { chars: 0 };
        let done = false;
        const started = Date.now();
        try {
          while (size.chars < chunkSize && Date.now() - started < maxDelay) {
            if (batched) {
              if (at === batch.length) {
                const step = await (iterator as AsyncIterator<readonly T[]>).next();
                if (step.done) {
                  done = true;
                  break;
                }
                batch = step.value;
                at = 0;
                continue;
              }
              text += csvRowLine(columns, batch[at++]!, dialect, size);
              continue;
            }
            const step = await (iterator as RowIterator<T>).next();
            if (step.done) {
              done = true;
              break;
            }
            text += csvRowLine(columns, step.value, dialect, size);
          }
        } catch (error) {
          await closeRows(iterator);
          throw error; // errors the stream: the client sees a failed download, not a short file
        }
        first = false;
        if (text) controller.enqueue(encoder.encode(text));
        if (done) controller.close();
      },
      async cancel() {
        // Opened even if never read: rows from primeRows already hold an upstream iterator.
        await closeRows(iterator ?? open());
      },
    },
    // 0: pull only when the consumer reads, so creating the stream (e.g. for a ZIP entry not
    // yet reached) starts no upstream work.
    { highWaterMark: 0 },
  );
}

/** The CSV download response; `filename` may be any text, it is made header-safe here. */
export function csvResponse(stream: ReadableStream<Uint8Array>, filename: string): Response {
  return downloadResponse(stream, filename, "text/csv; charset=utf-8");
}
