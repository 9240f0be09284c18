// Several CSVs in one ZIP download, written one entry after another: an entry's stream is
// only read once the one before it has ended, and each chunk read is compressed and handed on
// before the next is read. Entries are written with data descriptors, so no size is needed up
// front and no file is held whole.
// The DEFLATE runs in Node's zlib, on libuv's thread pool (issue #25 point 8): fflate's DEFLATE,
// in JavaScript on the event loop, was most of what four two-year ZIPs cost the server's main
// thread, and every other request waited behind it. fflate still writes the archive's headers.
// Limits: no ZIP64, so each entry and the archive must stay under 4 GiB, and under 65,535 entries.
import "server-only";
import { crc32, createDeflateRaw, type DeflateRaw } from "node:zlib";
import { Zip, ZipPassThrough, type AsyncFlateStreamHandler, type ZipInputFile } from "fflate";
import { downloadResponse } from "./download-response";

export interface ZipEntry {
  name: string;
  stream: ReadableStream<Uint8Array>;
}

/** 0 stores the entries as they are; 1-9 as zlib's levels. */
export type ZipLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export interface ZipStreamOptions {
  /** DEFLATE level; 0 stores the entries uncompressed. Default 6. */
  level?: ZipLevel;
  /** The modification time written for every entry. Default: now. */
  mtime?: Date;
}

// APPNOTE 4.4.4, bits 1-2 of the flag for DEFLATE: 0 normal, 1 maximum, 2 fast, 3 super fast.
const deflateFlag = (level: number): number => (level === 1 ? 3 : level < 6 ? 2 : level === 9 ? 1 : 0);

/**
 * An entry compressed by zlib off the event loop: fflate's Zip counts what `ondata` hands it
 * and writes the CRC and size this keeps into the entry's data descriptor after the last chunk.
 */
class ThreadDeflateEntry implements ZipInputFile {
  readonly compression = 8;
  readonly flag: number;
  size = 0;
  crc = 0;
  mtime?: Date;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflate: DeflateRaw;
  private readonly ended: Promise<void>;
  private readonly failed: Promise<never>;

  constructor(readonly filename: string, level: number) {
    this.flag = deflateFlag(level);
    this.deflate = createDeflateRaw({ level });
    // Flowing: each compressed chunk goes on to the archive as zlib gives it.
    this.deflate.on("data", (chunk: Buffer) => this.ondata?.(null, new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.length), false));
    // zlib's onerror destroys the stream without calling an in-flight write's callback, and a
    // destroy() (cancel) emits neither 'end' nor 'error': both must settle what is awaited.
    this.failed = new Promise<never>((_, reject) => {
      this.deflate.once("error", reject);
      this.deflate.once("close", () => reject(new Error("zipStream: the entry's DEFLATE closed before its end")));
    });
    this.failed.catch(() => undefined);
    this.ended = Promise.race([new Promise<void>((resolve) => this.deflate.once("end", resolve)), this.failed]);
    this.ended.catch(() => undefined); // a failure is the write's or finish's to throw
  }

  /** Compresses a chunk; resolves once zlib has taken it in (one chunk in flight at a time). */
  write(chunk: Uint8Array): Promise<void> {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    return Promise.race([new Promise<void>((resolve, reject) => this.deflate.write(chunk, (error) => (error ? reject(error) : resolve()))), this.failed]);
  }

  /** Ends the entry: the last compressed bytes, then its data descriptor. */
  async finish(): Promise<void> {
    this.deflate.end();
    await this.ended;
    this.ondata?.(null, new Uint8Array(0), true);
  }

  terminate(): void {
    this.deflate.destroy();
  }
}

/** An entry stored as it is (level 0), through fflate's own pass-through. */
class StoredEntry {
  readonly file: ZipPassThrough;
  constructor(filename: string) {
    this.file = new ZipPassThrough(filename);
  }
  async write(chunk: Uint8Array): Promise<void> {
    this.file.push(chunk, false);
  }
  async finish(): Promise<void> {
    this.file.push(new Uint8Array(0), true);
  }
}

interface Current {
  entry: ThreadDeflateEntry | StoredEntry;
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
      // DEFLATE may take in several input chunks before it gives any out, hence the loop.
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
              const entry = level === 0 ? new StoredEntry(next.name) : new ThreadDeflateEntry(next.name, level);
              const file = entry instanceof StoredEntry ? entry.file : entry;
              if (options.mtime) file.mtime = options.mtime;
              current = { entry, reader: next.stream.getReader() };
              zip?.add(file);
              continue;
            }
            const { entry, reader } = current;
            const { done, value } = await reader.read();
            if (stopped) return; // cancelled while waiting for the entry
            if (done) {
              await entry.finish();
              reader.releaseLock();
              current = undefined;
            } else {
              await entry.write(value);
            }
            if (stopped) return;
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
