import "server-only";

// A fact table in a DuckDB file whatever its rows (purchases, orders, carts, refunds, chargebacks), as
// AsyncPurchaseFactStore reads one: make its tables, replace a day with its mark, read the
// marks, forget an account, read from one snapshot, read a page of the table, and close. The PostgreSQL text of
// the shared SQL runs here ("duckdb" dialect, purchase-fact-sql.ts); DuckDB answers COUNT, SUM
// and BIGINT columns as JavaScript bigints, which the shared readers turn into numbers as they
// do PostgreSQL's texts.
import { BIGINT, BLOB, blobValue, DuckDBBlobValue, DuckDBDoubleVector, DuckDBTypeId, LIST, listValue, VARCHAR, type DuckDBAppender, type DuckDBConnection, type DuckDBDataChunk, type DuckDBType, type DuckDBValue } from "@duckdb/node-api";
import type { FactTableDefinition } from "../fact-table-definition";
import type { AsyncFactTable, ColumnBatch, SnapshotReader } from "../async-purchase-fact-store";
import { readPage, sharesFrontCheckout, type FactPageQueries, type IdsStatement, type PageRequest, type Statement } from "../purchase-fact-sql";
import type { FactDayMeta } from "../purchase-fact-store";
import { log } from "@/lib/log/server-log";
import { KeptAnswers } from "../kept-answers";
import { inTransaction, openDuckDbFile, type BatchWriter, type DuckDbFile } from "./duckdb-instance";

/** A column's DuckDB type, as written by the appender. */
export type DuckDbColumnType = "VARCHAR" | "INTEGER" | "BIGINT" | "DOUBLE";

export interface DuckDbFactTable<Row> extends FactTableDefinition<Row> {
  /** Each of `columns`' type, and whether it may be null. */
  types: Record<string, { type: DuckDbColumnType; nullable?: boolean }>;
  /** Columns of the days' marks beyond the mark itself, as SQL ("customers BLOB"): written from replaceDay's `dayValues`, in this order. */
  dayColumns?: string[];
  /** Run when the file opens, once the tables exist: what a file made by an earlier version lacks (a column `columns` ends with). */
  opening?: (connection: DuckDBConnection) => Promise<void>;
}

/** A statement's arguments as DuckDB binds them: a list is a LIST of BIGINT or VARCHAR (an empty one too), bytes a BLOB. */
function bound(args: readonly unknown[]): { values: DuckDBValue[]; types: Array<DuckDBType | undefined> } {
  const types = args.map((a) => (Array.isArray(a) ? LIST(a.every((v) => typeof v === "number") ? BIGINT : VARCHAR) : a instanceof Uint8Array ? BLOB : undefined));
  const values = args.map((a) => (Array.isArray(a) ? listValue(a as DuckDBValue[]) : a instanceof Uint8Array ? blobValue(a) : (a as DuckDBValue)));
  return { values, types };
}

/** A BLOB answered as its bytes, as pg answers a BYTEA and better-sqlite3 a BLOB. */
const plain = (value: unknown): unknown => (value instanceof DuckDBBlobValue ? value.bytes : value);

/**
 * A chunk's rows as arrays, read a column at a time: the values DuckDB's getRows gives (each
 * vector's getItem), without its call and type lookup per value, about a quarter of the time
 * of reading a chunk.
 */
function chunkRows(chunk: DuckDBDataChunk): unknown[][] {
  const columns = chunk.columnCount;
  const count = chunk.rowCount;
  const rows: unknown[][] = new Array<unknown[]>(count);
  for (let r = 0; r < count; r++) rows[r] = new Array<unknown>(columns);
  for (let c = 0; c < columns; c++) {
    const vector = chunk.getColumnVector(c);
    for (let r = 0; r < count; r++) rows[r]![c] = vector.getItem(r);
  }
  return rows;
}

/**
 * A statement's rows as objects named by their columns (a name given twice made distinct as
 * DuckDB's row objects make it), a BLOB as its bytes (plain). Copying each row through
 * Object.entries and Object.fromEntries had taken about as long as reading it.
 */
export async function rowsOf<T>(connection: DuckDBConnection, statement: Statement): Promise<T[]> {
  const { values, types } = bound(statement.args);
  const result = await connection.run(statement.text, values, types as DuckDBType[]);
  const names = result.deduplicatedColumnNames();
  const blob = names.map((_, i) => result.columnTypeId(i) === DuckDBTypeId.BLOB);
  const rows: T[] = [];
  for (let i = 0; i < result.chunkCount; i++) {
    for (const values of chunkRows(result.getChunk(i))) {
      const row: Record<string, unknown> = {};
      for (let c = 0; c < names.length; c++) row[names[c]!] = blob[c] ? plain(values[c]) : values[c];
      rows.push(row as T);
    }
  }
  return rows;
}

/** A statement's rows as arrays, converted a chunk (2048 rows) at a time as they are iterated. */
async function arraysOf<T>(connection: DuckDBConnection, statement: Statement): Promise<Iterable<T>> {
  const { values, types } = bound(statement.args);
  const result = await connection.run(statement.text, values, types as DuckDBType[]);
  return (function* chunks() {
    for (let i = 0; i < result.chunkCount; i++) yield* chunkRows(result.getChunk(i)) as T[];
  })();
}

/**
 * A chunk of rows a column at a time, each column read only when asked: a DOUBLE column as a
 * Float64Array (NULL as NaN), any other as getItem's values. A million rows read as arrays of
 * their values spent most of their time making a million arrays and bigints (docs/benchmarks.md,
 * "DuckDB's big reads a column at a time, and the payout model over columns").
 */
function chunkColumns(chunk: DuckDBDataChunk): ColumnBatch {
  const length = chunk.rowCount;
  return {
    length,
    column(c: number): ArrayLike<unknown> {
      const vector = chunk.getColumnVector(c);
      if (vector instanceof DuckDBDoubleVector) {
        const numbers = new Float64Array(length);
        for (let r = 0; r < length; r++) numbers[r] = vector.getItem(r) ?? NaN;
        return numbers;
      }
      const values = new Array<unknown>(length);
      for (let r = 0; r < length; r++) values[r] = vector.getItem(r);
      return values;
    },
  };
}

/**
 * A statement's rows as batches of columns (a chunk, 2048 rows, each), each fetched from DuckDB as
 * the one before has been read: the answer is streamed, not held whole beside the columns made of
 * it. The payout calendar's closed days (1.06 M rows at scale 20) read 0.15-0.35 s faster so and
 * with ~150-280 MiB less held (docs/benchmarks.md, "The big DuckDB reads streamed").
 */
async function* columnsOf(connection: DuckDBConnection, statement: Statement): AsyncGenerator<ColumnBatch> {
  const { values, types } = bound(statement.args);
  const result = await connection.stream(statement.text, values, types as DuckDBType[]);
  for (let chunk = await result.fetchChunk(); chunk !== null && chunk.rowCount > 0; chunk = await result.fetchChunk()) yield chunkColumns(chunk);
}

function append(appender: DuckDBAppender, type: DuckDbColumnType, value: unknown): void {
  if (value === null || value === undefined) appender.appendNull();
  else if (type === "VARCHAR") appender.appendVarchar(String(value));
  else if (type === "BIGINT") appender.appendBigInt(BigInt(value as number));
  else if (type === "INTEGER") appender.appendInteger(value as number);
  else appender.appendDouble(value as number);
}

/**
 * An account's days as a condition on the rows `alias` (a table's name or alias) and its bound
 * values: the days' first and last bound the scan, so DuckDB's zone maps skip the row groups
 * outside them (rows arrive by day).
 */
function accountDays(alias: string, account: string, days: readonly string[]): { text: string; values: DuckDBValue[]; types: DuckDBType[] } {
  const sorted = [...days].sort();
  const { values, types } = bound([account, sorted[0]!, sorted.at(-1)!, sorted]);
  return { text: `${alias}.account = ? AND ${alias}.day >= ? AND ${alias}.day <= ? AND list_contains(?::VARCHAR[], ${alias}.day)`, values, types: types as DuckDBType[] };
}

/** The accounts' days deleted from a table, a statement per account. */
async function deleteDays(connection: DuckDBConnection, table: string, byAccount: ReadonlyMap<string, readonly string[]>): Promise<void> {
  for (const [account, days] of byAccount) {
    const { text, values, types } = accountDays(table, account, days);
    await connection.run(`DELETE FROM ${table} WHERE ${text}`, values, types);
  }
}

/** Rows appended to a table by DuckDB's appender (column by column in native code, not a statement a row), flushed before it returns. */
async function appendAll(connection: DuckDBConnection, table: string, fill: (appender: DuckDBAppender) => void): Promise<void> {
  const appender = await connection.createAppender(table);
  try {
    fill(appender);
    appender.flushSync();
  } catch (error) {
    // A failed flush (a NOT NULL broken) leaves its rows in the appender, and closing it flushes
    // them again: here, or when the appender is collected, into whatever transaction the
    // connection runs then, which it aborts (a later day of the batch's fallback went unwritten).
    appender.clear();
    throw error;
  } finally {
    appender.closeSync();
  }
}

/** The days' counts a table keeps (FactTableDefinition's key and frontCheckouts), in their columns' order. */
const repeatColumns = (table: Pick<FactTableDefinition<unknown>, "key" | "frontCheckouts">): string[] => [...(table.key ? ["repeats"] : []), ...(table.frontCheckouts ? ["checkout_repeats"] : [])];

/**
 * Per day of the batch (account NUL day), how many of its rows another row of the account shares
 * its key with (`repeats`; 0 when none, as PostgreSQL's count is 0 exactly then), and of the
 * purchases' how many front purchases share their checkout with another front purchase
 * (`checkout_repeats`). Counted in the batch's transaction once its rows are in: the file has one
 * writer, and a later batch that stores a record again counts it on its own day.
 */
async function countRepeats(connection: DuckDBConnection, table: Pick<FactTableDefinition<unknown>, "rows" | "key" | "frontCheckouts">, byAccount: ReadonlyMap<string, readonly string[]>): Promise<Map<string, number[]>> {
  const counts = new Map<string, number[]>();
  const columns = repeatColumns(table);
  const shared: string[] = [
    ...(table.key ? [`EXISTS (SELECT 1 FROM ${table.rows} g WHERE g.account = b.account AND g.${table.key} = b.${table.key} AND (g.day <> b.day OR g.seq <> b.seq))`] : []),
    ...(table.frontCheckouts ? [sharesFrontCheckout(table.rows, "b")] : []),
  ];
  for (const [account, days] of byAccount) {
    for (const day of days) counts.set(`${account}\u0000${day}`, columns.map(() => 0));
    const { text, values, types } = accountDays("b", account, days);
    for (const [i, condition] of shared.entries()) {
      const result = await connection.runAndReadAll(`SELECT b.day, COUNT(*)::INTEGER AS n FROM ${table.rows} b WHERE ${text} AND ${condition} GROUP BY b.day`, values, types);
      for (const [day, n] of result.getRows() as Array<[string, number]>) counts.get(`${account}\u0000${day}`)![i] = n;
    }
  }
  return counts;
}

/**
 * The days whose counts are unknown (NULL: written before the columns were, in a file made by an
 * earlier version) counted once, when the file opens, as a batch's days are, each against every
 * day the file holds. Until then the Abandonment panels read their ranges by numbering every copy:
 * a mirror's sealed days are never fetched again, so an old file kept the slow read for good.
 */
async function countUnknownRepeats(connection: DuckDBConnection, table: Pick<FactTableDefinition<unknown>, "rows" | "days" | "key" | "frontCheckouts">): Promise<void> {
  const columns = repeatColumns(table);
  if (columns.length === 0) return;
  const unknown = await connection.runAndReadAll(`SELECT account, list(day ORDER BY day) FROM ${table.days} WHERE ${columns.map((c) => `${c} IS NULL`).join(" OR ")} GROUP BY account`);
  const byAccount = new Map((unknown.getRows() as Array<[string, { items: string[] }]>).map(([account, days]) => [account, days.items]));
  if (byAccount.size === 0) return;
  await inTransaction(connection, async () => {
    const counts = await countRepeats(connection, table, byAccount);
    for (const [account, days] of byAccount) {
      const counted = columns.map((_, i) => days.map((day) => counts.get(`${account}\u0000${day}`)![i]!));
      const { values, types } = bound([days, ...counted, account]);
      await connection.run(
        `UPDATE ${table.days} SET ${columns.map((c, i) => `${c} = v.n${i}`).join(", ")}
         FROM (SELECT unnest(?::VARCHAR[]) AS day, ${columns.map((_, i) => `unnest(?::INTEGER[]) AS n${i}`).join(", ")}) v
         WHERE ${table.days}.account = ? AND ${table.days}.day = v.day`,
        values,
        types as DuckDBType[],
      );
    }
  });
}

/** A day's write waiting in the file's batch. */
interface DayWrite<Row> {
  account: string;
  day: string;
  fetchedAt: number;
  rows: readonly Row[];
  alongside?: Statement;
  /** The values of the marks' further columns (DuckDbFactTable's dayColumns), written with the mark. */
  dayValues?: readonly unknown[];
}

export class DuckDbFactTableStore<Row> implements AsyncFactTable<Row> {
  readonly dialect = "duckdb";
  readonly table: string;
  readonly days: string;
  private readonly file: DuckDbFile;
  private readonly ready: Promise<void>;
  private readonly answers = new KeptAnswers();

  constructor(path: string, private readonly definition: DuckDbFactTable<Row>) {
    const table = definition;
    this.table = table.rows;
    this.days = table.days;
    this.file = openDuckDbFile(path);
    const columns = table.columns.map((c) => {
      const column = table.types[c];
      if (!column) throw new Error(`${table.rows}: no DuckDB type for ${c}`);
      return `${c} ${column.type}${column.nullable ? "" : " NOT NULL"}`;
    });
    // No primary key nor index on the rows: a day is replaced whole (deleted, then appended), and
    // DuckDB's zone maps skip the row groups outside a range of day or created_at (rows arrive a
    // day at a time); an ART index would be held in memory and slow the appends.
    this.ready = this.file.serialized(() => this.file.withConnection(async (connection) => {
      await connection.run(`CREATE TABLE IF NOT EXISTS ${table.rows} (account VARCHAR NOT NULL, day VARCHAR NOT NULL, seq INTEGER NOT NULL, ${columns.join(", ")})`);
      await connection.run(`CREATE TABLE IF NOT EXISTS ${table.days} (account VARCHAR NOT NULL, day VARCHAR NOT NULL, fetched_at BIGINT NOT NULL, count INTEGER NOT NULL, ${(table.dayColumns ?? []).map((c) => `${c}, `).join("")}PRIMARY KEY (account, day))`);
      await table.opening?.(connection);
      // A file made before the counts gets their columns last, where a new file has them too, and its days (NULL: unknown) are counted.
      for (const column of repeatColumns(table)) await connection.run(`ALTER TABLE ${table.days} ADD COLUMN IF NOT EXISTS ${column} INTEGER`);
      // Only a faster read is lost if the count fails: the days stay unknown, read as repeating, and are counted at the next open.
      await countUnknownRepeats(connection, table).catch((error: unknown) => log("warn", { event: "duckdb_repeats_uncounted", errorName: error instanceof Error ? error.name : typeof error }));
    }));
  }

  /**
   * Kept while the file's write mark (DuckDbFile's writeMark), which every store of the file moves,
   * stays the one read before. The mark is read once the days queued before are written: a day
   * queued but not yet written has not moved it.
   */
  kept<T extends object>(account: string, question: readonly unknown[], compute: () => Promise<T>): Promise<T> {
    return this.answers.read(
      [account, ...question],
      async () => {
        await this.file.settled();
        return String(this.file.writeMark());
      },
      compute,
    );
  }

  /** Resolves once the tables exist (made when missing). */
  opened(): Promise<void> {
    return this.ready;
  }

  /** A connection once the tables exist and the days queued before are written (replaceDay's batches). */
  private async connected<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    await this.ready;
    await this.file.settled();
    return this.file.withConnection(work);
  }

  all<T extends object>(statement: Statement): Promise<T[]> {
    return this.connected((connection) => rowsOf<T>(connection, statement));
  }

  /** A statement's rows as arrays, converted a chunk (2048 rows) at a time as `consume` iterates them. */
  arrays<T, A>(statement: Statement, consume: (rows: Iterable<T>) => A): Promise<A> {
    return this.connected(async (connection) => consume(await arraysOf<T>(connection, statement)));
  }

  /** A statement's rows a column at a time, a chunk (2048 rows) at a time as `consume` iterates them: numbers stay numbers, not rows of them. */
  columns<A>(statement: Statement, consume: (batches: AsyncIterable<ColumnBatch>) => Promise<A>): Promise<A> {
    return this.connected((connection) => consume(columnsOf(connection, statement)));
  }

  /** Reads from one snapshot (a transaction of a connection of its own): a day replaced between them cannot set them apart. */
  private snapshot<T>(read: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.connected((connection) => inTransaction(connection, () => read(connection)));
  }

  /** Reads of the caller's, one after the other, from one snapshot. */
  snapshotRead<T>(read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
    return this.snapshot((connection) =>
      read({
        all: <R extends object>(statement: Statement) => rowsOf<R>(connection, statement),
        arrays: async <R>(statement: Statement) => Array.from(await arraysOf<R>(connection, statement), (row) => (Array.isArray(row) ? row.map(plain) : row) as R),
      }),
    );
  }

  /** The same: the connection is the read's own, and its temporary tables end with it. */
  scratchRead<T>(read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
    return this.snapshotRead(read);
  }

  /** Each named statement's rows, read one after the other from one snapshot; the caller names the records' types. */
  snapshotRows<R extends Record<string, readonly object[]>>(statements: { [K in keyof R]: Statement }): Promise<R> {
    return this.snapshot(async (connection) => {
      const rows: Record<string, unknown[]> = {};
      for (const [name, statement] of Object.entries<Statement>(statements)) rows[name] = await rowsOf(connection, statement);
      return rows as unknown as R;
    });
  }

  /** Several statements, one after the other from one snapshot: each already runs on every thread. */
  together<R extends Record<string, readonly object[]>>(statements: { [K in keyof R]: Statement }): Promise<R> {
    return this.snapshotRows<R>(statements);
  }

  /** The rows of some ids within a plan: none asked, none read. */
  async ofIds<T extends object, Plan>(statementOf: IdsStatement<Plan>, account: string, plan: Plan, ids: readonly number[]): Promise<T[]> {
    if (ids.length === 0) return [];
    return this.all<T>(statementOf("duckdb", this.table, account, plan, ids));
  }

  /** A page of the table's rows: the count and the page from one snapshot. */
  page<Request extends PageRequest, T extends object, Item>(queries: FactPageQueries<Request, T, Item>, account: string, request: Request): Promise<{ total: number; page: number; items: Item[] }> {
    return this.snapshot((connection) => readPage(queries, "duckdb", this.table, account, request, (statement) => rowsOf(connection, statement)));
  }

  /**
   * The day's rows deleted and appended, with its mark, queued in the file's batch of days
   * (DuckDbFile's queueWrite: one transaction for the days queued together); a read of the file
   * made after this resolves waits for the batch. Resolves once queued (or, for a full batch,
   * written).
   */
  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly Row[], alongside?: Statement, dayValues?: readonly unknown[]): Promise<void> {
    await this.ready;
    await this.file.queueWrite(this.writer, { account, day, fetchedAt, rows, alongside, dayValues }, rows.length + 1);
  }

  /**
   * A batch's days of this table in the batch's transaction: a day queued twice is written as
   * its last copy; the days' old rows deleted in one statement per account, the new appended by
   * DuckDB's appender (column by column in native code, not a statement per row), then the marks.
   */
  private readonly writer: BatchWriter<DayWrite<Row>> = {
    writeBatch: async (connection, entries) => {
      const last = new Map<string, DayWrite<Row>>();
      for (const e of entries) {
        const key = `${e.account}\u0000${e.day}`;
        last.delete(key);
        last.set(key, e);
      }
      const days = [...last.values()];
      const byAccount = new Map<string, string[]>();
      for (const e of days) (byAccount.get(e.account) ?? byAccount.set(e.account, []).get(e.account)!).push(e.day);
      const types = this.definition.columns.map((c) => this.definition.types[c]!.type);
      await deleteDays(connection, this.table, byAccount);
      await appendAll(connection, this.table, (appender) => {
        for (const e of days) {
          e.rows.forEach((row, seq) => {
            appender.appendVarchar(e.account);
            appender.appendVarchar(e.day);
            appender.appendInteger(seq);
            this.definition.valuesOf(row).forEach((value, i) => append(appender, types[i]!, value));
            appender.endRow();
          });
        }
      });
      const repeats = await countRepeats(connection, this.definition, byAccount);
      // The marks by a statement and an appender too, not statements a day: the mark and the
      // customers' cells, each a statement on the keyed marks, took 18 s for 730 days in one transaction.
      await deleteDays(connection, this.definition.days, byAccount);
      const further = this.definition.dayColumns?.length ?? 0;
      await appendAll(connection, this.definition.days, (appender) => {
        for (const e of days) {
          appender.appendVarchar(e.account);
          appender.appendVarchar(e.day);
          appender.appendBigInt(BigInt(e.fetchedAt));
          appender.appendInteger(e.rows.length);
          for (let i = 0; i < further; i++) {
            const value = e.dayValues?.[i] ?? null;
            if (value instanceof Uint8Array) appender.appendBlob(value);
            else if (value === null) appender.appendNull();
            else appender.appendVarchar(String(value));
          }
          for (const n of repeats.get(`${e.account}\u0000${e.day}`)!) appender.appendInteger(n);
          appender.endRow();
        }
      });
      // A statement whose values the marks' further columns do not take is run as given.
      for (const e of days) if (e.alongside && (!e.dayValues || further === 0)) await rowsOf(connection, e.alongside);
    },
  };

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    if (days.length === 0) return [];
    const rows = await this.all<{ day: string; fetched_at: bigint; count: number }>({ text: `SELECT day, fetched_at, count FROM ${this.definition.days} WHERE account = ? AND list_contains(?::varchar[], day)`, args: [account, [...days]] });
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return days.flatMap((day) => {
      const row = byDay.get(day);
      return row ? [{ day, fetchedAt: Number(row.fetched_at), count: Number(row.count) }] : [];
    });
  }

  /**
   * The account's rows and marks deleted from **every table of the file** (each with an `account`
   * column: the five fact tables and their days) in one transaction, then a checkpoint. DuckDB has
   * no secure_delete: the blocks a delete frees keep their bytes until reused, so when anything
   * was deleted the file is then rewritten without them and the old one zeroed (DuckDbFile's
   * compact). Forgetting is always of the whole account (forget-account.ts asks each store in
   * turn): the first store's forget does it all and rewrites the file once, the others find
   * nothing left and rewrite nothing.
   */
  async forget(account: string): Promise<void> {
    await this.ready;
    const deleted = await this.file.serialized(() => this.file.withConnection(async (connection) => {
      const tables = await rowsOf<{ name: string }>(connection, {
        text: "SELECT table_name AS name FROM information_schema.columns WHERE column_name = 'account' AND table_catalog = current_database() AND table_schema = 'main' ORDER BY table_name",
        args: [],
      });
      let count = 0;
      await inTransaction(connection, async () => {
        for (const { name } of tables) count += (await connection.run(`DELETE FROM "${name.replaceAll('"', '""')}" WHERE account = ?`, [account])).rowsChanged;
      });
      await connection.run("CHECKPOINT");
      return count;
    }));
    if (deleted > 0) await this.file.compact();
  }

  /** As forget: `others` (the refunds' and chargebacks' tables beside this one, PostgreSQL's shape) are tables of the file, which forget empties of the account already. */
  forgetWith(account: string): Promise<void> {
    return this.forget(account);
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await this.file.release();
  }
}
