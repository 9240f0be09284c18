import "server-only";

// One DuckDB instance per file per process, shared by every store opened on it: DuckDB lets
// one process hold a file for writing, and an instance costs ~350 ms to open and keeps its own
// buffer pool (docs/benchmarks.md, "Fact store engine"). Kept on globalThis (house style 16):
// Next.js may load this module once per route bundle. The last store to close closes it.
import fs from "node:fs";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { log } from "@/lib/log/server-log";

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

/**
 * Days' writes are batched: a day written in a transaction of its own cost 20-50 ms, one after
 * another on the file, so a first visit's fetch of two years (three lists, ~2,200 days) waited on
 * the file past the report's 30 s deadline (docs/benchmarks.md, "DuckDB's days in batches"). A batch takes every day queued while the writes before it ran; a caller waits for
 * its batch only when it holds this many rows, which bounds what waits in memory.
 */
export const MAX_BATCH_ROWS = 50_000;

/** How a store writes its entries of a batch, in the batch's transaction. */
export interface BatchWriter<E> {
  writeBatch(connection: DuckDBConnection, entries: readonly E[]): Promise<void>;
}

interface Batch {
  groups: Map<BatchWriter<unknown>, unknown[]>;
  rows: number;
  committed: Promise<void>;
}

interface Held {
  instance: Promise<DuckDBInstance>;
  stores: number;
  writes: Promise<unknown>;
  marks: number;
  /** Connections open (withConnection's), and who waits for none to be. */
  active: number;
  idle: Array<() => void>;
  /** Set while the file is being rewritten (compact): no connection opens until it is done. */
  compacting: Promise<void> | null;
  /** The instance failed to open (at first, or again after a rewrite): the next connection tries once more. */
  broken?: boolean;
  /** The batch that takes new entries (queueWrite), until its write starts. */
  batch: Batch | null;
}

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
   * Queues `entry` in the file's open batch, written with the others by `writer` in one
   * transaction, after the writes queued before the batch. Resolves at once, or when the batch is
   * written if it holds MAX_BATCH_ROWS (`size`: the entry's rows). A batch that fails is written
   * an entry at a time, each in its own transaction; an entry that fails then is logged and left
   * unwritten (its day's mark keeps its old fetch time, so no report reads the table for it).
   */
  queueWrite<E>(writer: BatchWriter<E>, entry: E, size: number): Promise<void>;
  /** Resolves when every write queued before it has ended (reads wait for it: a day queued is then read). */
  settled(): Promise<void>;
  /**
   * A number that changes when a write of any store of the file starts and when it ends: an
   * answer read while it stayed the same read no write, and stays true while it stays the same.
   * Only this process writes the file (DuckDB locks it for one process).
   */
  writeMark(): number;
  /**
   * Rewrites the file with what it holds now and overwrites the old one with zeros: DuckDB has no
   * secure_delete, and the blocks a delete freed keep their bytes until reused ("Forget my data").
   * Runs after the writes queued before it; no connection opens while it runs, and it waits for
   * those open.
   */
  compact(): Promise<void>;
  release(): Promise<void>;
}

/** `run` inside a transaction of the connection: committed when it ends, rolled back when it throws. */
export async function inTransaction<T>(connection: DuckDBConnection, run: () => Promise<T>): Promise<T> {
  await connection.run("BEGIN TRANSACTION");
  try {
    const answer = await run();
    await connection.run("COMMIT");
    return answer;
  } catch (error) {
    await connection.run("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** Zeros over the bytes of an open file, synced to the disk. */
function zeroThrough(fd: number): void {
  const size = fs.fstatSync(fd).size;
  const zeros = Buffer.alloc(Math.min(size, 1 << 20));
  for (let at = 0; at < size; at += zeros.length) fs.writeSync(fd, zeros, 0, Math.min(zeros.length, size - at), at);
  fs.fsyncSync(fd);
}

/** The instance of the file opened again; one that fails to open is opened anew by the next connection (withConnection). */
function reopen(file: string, held: Held): Promise<DuckDBInstance> {
  held.instance = DuckDBInstance.create(file, { ...DUCKDB_OPTIONS });
  held.instance.catch(() => (held.broken = true));
  return held.instance;
}

/**
 * The file rewritten: its database copied into a new file (COPY FROM DATABASE: the tables, their
 * keys and rows, without the freed blocks), the instance closed, the new file renamed over the
 * old one, whose bytes are then zeroed through a descriptor held from before the rename, and a
 * new instance opened. At every step one whole file is in place: a copy that fails leaves the
 * old file as it was, and a crash after the rename leaves the new one.
 */
async function rewrite(file: string, held: Held): Promise<void> {
  const copy = `${file}.compact`;
  fs.rmSync(copy, { force: true });
  const instance = await held.instance;
  const connection = await instance.connect();
  try {
    // Every write in the file itself, none in its write-ahead log, which would be replayed on the new file.
    await connection.run("CHECKPOINT");
    const name = (await (await connection.run("SELECT current_database() AS name")).getRowObjects())[0]!.name as string;
    await connection.run(`ATTACH '${copy.replaceAll("'", "''")}' AS salesdash_compacted`);
    try {
      await connection.run(`COPY FROM DATABASE "${name.replaceAll('"', '""')}" TO salesdash_compacted`);
    } finally {
      await connection.run("DETACH salesdash_compacted");
    }
  } catch (error) {
    fs.rmSync(copy, { force: true });
    throw error;
  } finally {
    connection.closeSync();
  }
  // The old file's bytes, and those of a log the close left (none after the checkpoint, with no connection open).
  const olds = [file, `${file}.wal`].flatMap((path) => (fs.existsSync(path) ? [fs.openSync(path, "r+")] : []));
  try {
    instance.closeSync();
    fs.rmSync(`${file}.wal`, { force: true });
    fs.renameSync(copy, file);
    for (const fd of olds) zeroThrough(fd);
  } finally {
    for (const fd of olds) fs.closeSync(fd);
    fs.rmSync(copy, { force: true });
    await reopen(file, held);
  }
}

export function openDuckDbFile(file: string): DuckDbFile {
  const all = instances();
  let held = all.get(file);
  if (!held) {
    held = { instance: DuckDBInstance.create(file, { ...DUCKDB_OPTIONS }), stores: 0, writes: Promise.resolve(), marks: 0, active: 0, idle: [], compacting: null, batch: null };
    all.set(file, held);
    // A file that cannot be opened (another process holds it: a restart that overlaps the old
    // server) is opened anew by the next connection of any of its stores, as after a rewrite:
    // the stores already built hold this entry, so it must not stay rejected for them.
    const created = held;
    created.instance.catch(() => (created.broken = true));
  }
  held.stores++;
  const entry = held;
  let released = false;
  const serialized = <T>(write: () => Promise<T>): Promise<T> => {
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
  };
  const withConnection = async <T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> => {
    // Checked and counted in one turn: a compaction that starts after sees this connection.
    while (entry.compacting) await entry.compacting;
    if (entry.broken) {
      entry.broken = false;
      void reopen(file, entry);
    }
    entry.active++;
    try {
      const connection = await (await entry.instance).connect();
      try {
        return await work(connection);
      } finally {
        connection.closeSync();
      }
    } finally {
      if (--entry.active === 0) for (const wake of entry.idle.splice(0)) wake();
    }
  };
  const writeBatch = (batch: Batch): Promise<void> =>
    withConnection(async (connection) => {
      try {
        await inTransaction(connection, async () => {
          for (const [writer, entries] of batch.groups) await writer.writeBatch(connection, entries);
        });
      } catch (error) {
        // Named only: DuckDB's message may quote the rows' values.
        log("warn", { event: "duckdb_fact_batch_failed", errorName: error instanceof Error ? error.name : typeof error });
        for (const [writer, entries] of batch.groups) {
          for (const one of entries) {
            await inTransaction(connection, () => writer.writeBatch(connection, [one])).catch(() => log("warn", { event: "duckdb_fact_day_unwritten" }));
          }
        }
      }
    });
  return {
    withConnection,
    serialized,
    queueWrite<E>(writer: BatchWriter<E>, one: E, size: number): Promise<void> {
      let batch = entry.batch;
      if (!batch) {
        const opened: Batch = { groups: new Map(), rows: 0, committed: Promise.resolve() };
        opened.committed = serialized(async () => {
          // Closed to new entries once its write starts: they open the next batch.
          if (entry.batch === opened) entry.batch = null;
          await writeBatch(opened);
        }).catch(() => log("warn", { event: "duckdb_fact_day_unwritten" }));
        entry.batch = batch = opened;
      }
      const group = batch.groups.get(writer as BatchWriter<unknown>) ?? [];
      if (group.length === 0) batch.groups.set(writer as BatchWriter<unknown>, group);
      group.push(one);
      batch.rows += size;
      if (batch.rows < MAX_BATCH_ROWS) return Promise.resolve();
      if (entry.batch === batch) entry.batch = null;
      return batch.committed;
    },
    settled: () => entry.writes.then(() => undefined),
    writeMark: () => entry.marks,
    compact() {
      return serialized(async () => {
        let done!: () => void;
        entry.compacting = new Promise<void>((resolve) => (done = resolve));
        try {
          while (entry.active > 0) await new Promise<void>((resolve) => entry.idle.push(resolve));
          await rewrite(file, entry);
        } finally {
          entry.compacting = null;
          done();
        }
      });
    },
    async release() {
      if (released) return;
      released = true;
      // A day queued while the writes before it ran opens a batch after them: waited for too.
      do await entry.writes;
      while (entry.batch);
      // The last store waits for the reads still holding a connection (closing the instance under
      // them aborts the process) before it lets the file go: until then a store opened again on the
      // file shares this instance instead of opening a second on it.
      while (entry.stores === 1 && entry.active > 0) await new Promise<void>((resolve) => entry.idle.push(resolve));
      if (--entry.stores > 0) return;
      all.delete(file);
      // An instance that never opened has nothing to close.
      (await entry.instance.catch(() => null))?.closeSync();
    },
  };
}
