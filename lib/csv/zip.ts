// Several CSVs in one ZIP download, written one entry after another: an entry's stream is
// only read once the one before it has ended, and each chunk read is compressed (fflate,
// synchronous DEFLATE) and handed on before the next is read. Entries are written with data
// descriptors, so no size is needed up front and no file is held whole.
// Limits: no ZIP64, so each entry and the archive must stay under 4 GiB, and under 65,535 entries.
import "server-only";
import { Zip, ZipDeflate, ZipPassThrough, type DeflateOptions } from "fflate";
import { downloadResponse } from "./download-response";

export interface ZipEntry {
  name: string;
  stream: ReadableStream<Uint8Array>;
}

export interface ZipStreamOptions {
  /** DEFLATE level; 0 stores the entries uncompressed. Default 6. */
  level?: NonNullable<DeflateOptions["level"]>;
  /** The modification time written for every entry. Default: now. */
  mtime?: Date;
}

interface Current {
  file: ZipDeflate | ZipPassThrough;
  reader: ReadableStreamDefaultReader<Uint8Array>;
}

export function zipStream(entries: readonly ZipEntry[], options: ZipStreamOptions = {}): ReadableStream<Uint8Array> {
  const level = options.level ?? 6;
  const names = zipEntryNames(entries.map((entry) => entry.name));
  const pending = entries.map((entry, index) => ({ name: names[index] ?? `file-${index + 1}`, stream: entry.stream }));
  let current: Current | undefined;
  let zip: Zip | undefined;
  let failure: Error | undefined;
  let finished = false;
  let enqueued = 0;

  let stopped = false;

  const abandon = async (reason: unknown) => {
    stopped = true;
    zip?.terminate();
    const reader = current?.reader;
    current = undefined;
    await Promise.allSettled([reader?.cancel(reason), ...pending.splice(0).map((entry) => entry.stream.cancel(reason))]);
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((error, data, final) => {
          if (stopped) return;
          if (error) {
            failure = error;
            return;
          }
          if (data.length > 0) {
            controller.enqueue(data);
            enqueued++;
          }
          if (final) finished = true;
        });
      },
      // A pull must end with a chunk enqueued or the stream closed, or the reader waits forever;
      // DEFLATE may swallow several input chunks before it emits, hence the loop.
      async pull(controller) {
        const before = enqueued;
        try {
          while (enqueued === before) {
            if (failure) throw failure;
            if (!current) {
              const next = pending.shift();
              if (!next) {
                zip?.end();
                if (failure) throw failure;
                if (!finished) throw new Error("zipStream: the archive did not finish");
                controller.close();
                return;
              }
              const file = level === 0 ? new ZipPassThrough(next.name) : new ZipDeflate(next.name, { level });
              if (options.mtime) file.mtime = options.mtime;
              current = { file, reader: next.stream.getReader() };
              zip?.add(file);
              continue;
            }
            const entry = current;
            const { done, value } = await entry.reader.read();
            if (stopped) return; // cancelled while waiting for the entry
            if (done) {
              entry.file.push(new Uint8Array(0), true);
              entry.reader.releaseLock();
              current = undefined;
            } else {
              entry.file.push(value, false);
            }
          }
        } catch (error) {
          await abandon(error);
          throw error;
        }
      },
      async cancel(reason) {
        await abandon(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The ZIP download response; `filename` may be any text, it is made header-safe here. */
export function zipResponse(stream: ReadableStream<Uint8Array>, filename: string): Response {
  return downloadResponse(stream, filename, "application/zip");
}

/**
 * Entry names safe to extract: no directories (separators become "_"), no leading dots
 * ("..", hidden files), no control characters, never empty, and unique ("a.csv", "a-2.csv").
 */
export function zipEntryNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw, index) => {
    const base =
      raw
        .replace(/[\u0000-\u001F\u007F-\u009F]/g, "")
        .replace(/[/\\:]/g, "_")
        .trim()
        .replace(/^\.+/, "") || `file-${index + 1}.csv`;
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()); n++) {
      const dot = base.lastIndexOf(".");
      name = dot > 0 ? `${base.slice(0, dot)}-${n}${base.slice(dot)}` : `${base}-${n}`;
    }
    seen.add(name.toLowerCase());
    return name;
  });
}
