import "server-only";

// What a DuckDB store of one fact table does whatever its rows (purchases; orders and carts
// could follow): make its tables, replace a day with its mark, read the marks, forget an
// account, read from one snapshot, read a page of the table, and close. The PostgreSQL text of
// the shared SQL runs here ("duckdb" dialect, purchase-fact-sql.ts); DuckDB answers COUNT, SUM
// and BIGINT columns as JavaScript bigints, which the shared readers turn into numbers as they
// do PostgreSQL's texts.
import { BIGINT, LIST, listValue, VARCHAR, type DuckDBAppender, type DuckDBConnection, type DuckDBType, type DuckDBValue } from "@duckdb/node-api";
import type { FactTableDefinition } from "../fact-table-definition";
import { pageSlice, type FactPageQueries, type IdsStatement, type PageRequest, type Statement } from "../purchase-fact-sql";
import type { FactDayMeta } from "../purchase-fact-store";
import { openDuckDbFile, type DuckDbFile } from "./duckdb-instance";

/** A column's DuckDB type, as written by the appender. */
export type DuckDbColumnType = "VARCHAR" | "INTEGER" | "BIGINT" | "DOUBLE";

export interface DuckDbFactTable<Row> extends FactTableDefinition<Row> {
  /** Each of `columns`' type, and whether it may be null. */
  types: Record<string, { type: DuckDbColumnType; nullable?: boolean }>;
}

/** A statement's arguments as DuckDB binds them: a list is a LIST of BIGINT or VARCHAR (an empty one too). */
function bound(args: readonly unknown[]): { values: DuckDBValue[]; types: Array<DuckDBType | undefined> } {
  const types = args.map((a) => (Array.isArray(a) ? LIST(a.every((v) => typeof v === "number") ? BIGINT : VARCHAR) : undefined));
  const values = args.map((a) => (Array.isArray(a) ? listValue(a as DuckDBValue[]) : (a as DuckDBValue)));
  return { values, types };
}

export async function rowsOf<T>(connection: DuckDBConnection, statement: Statement): Promise<T[]> {
  const { values, types } = bound(statement.args);
  return (await connection.runAndReadAll(statement.text, values, types as DuckDBType[])).getRowObjects() as T[];
}

/** `run` inside a transaction of the connection: committed when it ends, rolled back when it throws. */
async function inTransaction<T>(connection: DuckDBConnection, run: () => Promise<T>): Promise<T> {
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

function append(appender: DuckDBAppender, type: DuckDbColumnType, value: unknown): void {
  if (value === null || value === undefined) appender.appendNull();
  else if (type === "VARCHAR") appender.appendVarchar(String(value));
  else if (type === "BIGINT") appender.appendBigInt(BigInt(value as number));
  else if (type === "INTEGER") appender.appendInteger(value as number);
  else appender.appendDouble(value as number);
}

export abstract class DuckDbFactTableStore<Row> {
  protected readonly file: DuckDbFile;
  private readonly ready: Promise<void>;

  protected constructor(path: string, private readonly table: DuckDbFactTable<Row>) {
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
      await connection.run(`CREATE TABLE IF NOT EXISTS ${table.days} (account VARCHAR NOT NULL, day VARCHAR NOT NULL, fetched_at BIGINT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (account, day))`);
    }));
  }

  /** A connection once the tables exist. */
  protected async connected<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    await this.ready;
    return this.file.withConnection(work);
  }

  protected all<T extends object>(statement: Statement): Promise<T[]> {
    return this.connected((connection) => rowsOf<T>(connection, statement));
  }

  /** A statement's rows as arrays, converted a chunk (2048 rows) at a time as they are iterated: the caller iterates them before its connection closes. */
  protected async arrays<T>(connection: DuckDBConnection, statement: Statement): Promise<Iterable<T>> {
    const { values, types } = bound(statement.args);
    const result = await connection.run(statement.text, values, types as DuckDBType[]);
    return (function* chunks() {
      for (let i = 0; i < result.chunkCount; i++) yield* result.getChunk(i).getRows() as T[];
    })();
  }

  /** Reads from one snapshot (a transaction of a connection of its own): a day replaced between them cannot set them apart. */
  protected snapshot<T>(read: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.connected((connection) => inTransaction(connection, () => read(connection)));
  }

  /** Each named statement's rows, read one after the other from one snapshot; the caller names the records' types. */
  protected snapshotRows<R extends Record<string, readonly object[]>>(statements: { [K in keyof R]: Statement }): Promise<R> {
    return this.snapshot(async (connection) => {
      const rows: Record<string, unknown[]> = {};
      for (const [name, statement] of Object.entries<Statement>(statements)) rows[name] = await rowsOf(connection, statement);
      return rows as unknown as R;
    });
  }

  /** The rows of some ids within a plan: none asked, none read. */
  protected async ofIds<Row extends object, Plan>(statementOf: IdsStatement<Plan>, account: string, plan: Plan, ids: readonly number[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    return this.all<Row>(statementOf("duckdb", this.table.rows, account, plan, ids));
  }

  /** A page of the table's rows: the count and the page from one snapshot. */
  protected page<Request extends PageRequest, Row extends object, Item>(queries: FactPageQueries<Request, Row, Item>, account: string, request: Request): Promise<{ total: number; page: number; items: Item[] }> {
    return this.snapshot(async (connection) => {
      const [count] = await rowsOf<{ n: bigint }>(connection, queries.count("duckdb", this.table.rows, account, request));
      const total = Number(count?.n ?? 0);
      const slice = pageSlice(total, request);
      if (slice.limit === 0) return { total, page: slice.page, items: [] };
      const rows = await rowsOf<Row>(connection, queries.page("duckdb", this.table.rows, account, request, slice.dir, slice.offset, slice.limit));
      return { total, page: slice.page, items: queries.itemsOf(rows, slice.reversed) };
    });
  }

  /** The day's rows deleted and appended (DuckDB's appender: column by column in native code, not a statement per row), with its mark, in one transaction. */
  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly Row[]): Promise<void> {
    await this.ready;
    const types = this.table.columns.map((c) => this.table.types[c]!.type);
    await this.file.serialized(() => this.file.withConnection((connection) => inTransaction(connection, async () => {
      await connection.run(`DELETE FROM ${this.table.rows} WHERE account = ? AND day = ?`, [account, day]);
      const appender = await connection.createAppender(this.table.rows);
      try {
        rows.forEach((row, seq) => {
          appender.appendVarchar(account);
          appender.appendVarchar(day);
          appender.appendInteger(seq);
          this.table.valuesOf(row).forEach((value, i) => append(appender, types[i]!, value));
          appender.endRow();
        });
        appender.flushSync();
      } finally {
        try {
          appender.closeSync();
        } catch {
          // A failed flush leaves its rows in the appender; the rollback drops the day's writes.
        }
      }
      await connection.run(`INSERT OR REPLACE INTO ${this.table.days} (account, day, fetched_at, count) VALUES (?, ?, ?, ?)`, [account, day, BigInt(fetchedAt), rows.length]);
    })));
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    if (days.length === 0) return [];
    const rows = await this.all<{ day: string; fetched_at: bigint; count: number }>({ text: `SELECT day, fetched_at, count FROM ${this.table.days} WHERE account = ? AND list_contains(?::varchar[], day)`, args: [account, [...days]] });
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return days.flatMap((day) => {
      const row = byDay.get(day);
      return row ? [{ day, fetchedAt: Number(row.fetched_at), count: Number(row.count) }] : [];
    });
  }

  /**
   * The account's rows and marks deleted in one transaction, then a checkpoint, which writes the
   * table without them. DuckDB has no secure_delete: blocks it freed keep their old bytes until
   * reused.
   */
  async forget(account: string): Promise<void> {
    await this.ready;
    await this.file.serialized(() => this.file.withConnection(async (connection) => {
      await inTransaction(connection, async () => {
        await connection.run(`DELETE FROM ${this.table.rows} WHERE account = ?`, [account]);
        await connection.run(`DELETE FROM ${this.table.days} WHERE account = ?`, [account]);
      });
      await connection.run("CHECKPOINT");
    }));
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await this.file.release();
  }
}
