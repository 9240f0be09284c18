import "server-only";

// One DuckDB instance per file per process, shared by every store opened on it: DuckDB lets
// one process hold a file for writing, and an instance costs ~350 ms to open and keeps its own
// buffer pool (docs/benchmarks.md, "Fact store engine"). Kept on globalThis (house style 16):
// Next.js may load this module once per route bundle. The last store to close closes it.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";

/**
 * - threads 2: the machine's cores; a scan of 1.1 M rows uses both, and more threads than cores
 *   only add switching while the server's own event loop wants a core too;
 * - memory_limit 256MB: DuckDB's default is 80% of RAM, and its process peaked at 448 MiB on the
 *   engines bench; the app itself takes ~250 MiB of a 600 MiB budget. The limit bounds the
 *   buffer pool (cached blocks, hash tables, sorts); a query past it spills to `<file>.tmp`.
 *   Results copied into JavaScript are outside it;
 * - integer_division: `/` of two integers is PostgreSQL's (the shared SQL's slots and days).
 */
export const DUCKDB_OPTIONS = { threads: "2", memory_limit: "256MB", integer_division: "true" } as const;

interface Held { instance: Promise<DuckDBInstance>; stores: number; writes: Promise<unknown>; marks: number }

const KEY = Symbol.for("salesdash.duckdbInstances");
const holder = globalThis as typeof globalThis & { [KEY]?: Map<string, Held> };
const instances = (): Map<string, Held> => (holder[KEY] ??= new Map());

/** A store's handle on its file's instance: connections, writes one at a time, and release. */
export interface DuckDbFile {
  /** A new connection, closed when `work` ends: each call reads in a transaction of its own. */
  withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T>;
  /** Runs `write` after every write queued before it on this file (no write-write conflicts between days). */
  serialized<T>(write: () => Promise<T>): Promise<T>;
  /**
   * A number that changes when a write of any store of the file starts and when it ends: an
   * answer read while it stayed the same read no write, and stays true while it stays the same.
   * Only this process writes the file (DuckDB locks it for one process).
   */
  writeMark(): number;
  release(): Promise<void>;
}

export function openDuckDbFile(file: string): DuckDbFile {
  const all = instances();
  let held = all.get(file);
  if (!held) {
    held = { instance: DuckDBInstance.create(file, { ...DUCKDB_OPTIONS }), stores: 0, writes: Promise.resolve(), marks: 0 };
    all.set(file, held);
    // A file that cannot be opened (another process holds it) is tried again by the next store.
    held.instance.catch(() => all.delete(file));
  }
  held.stores++;
  const entry = held;
  let released = false;
  return {
    async withConnection(work) {
      const connection = await (await entry.instance).connect();
      try {
        return await work(connection);
      } finally {
        connection.closeSync();
      }
    },
    serialized(write) {
      const marked = async () => {
        entry.marks++;
        try {
          return await write();
        } finally {
          entry.marks++;
        }
      };
      const next = entry.writes.then(marked, marked);
      entry.writes = next.catch(() => undefined);
      return next;
    },
    writeMark: () => entry.marks,
    async release() {
      if (released) return;
      released = true;
      await entry.writes;
      if (--entry.stores > 0) return;
      all.delete(file);
      (await entry.instance).closeSync();
    },
  };
}
