import "server-only";

// What the PostgreSQL stores of one fact table each (purchases, orders, carts) do alike: the
// pool (shared or their own), a day replaced with its mark, the marks read back, an account
// forgotten, reads from one snapshot, a page of the table, and closing. The purchases', orders'
// and carts' stores hold one each (an AsyncFactTable, as on DuckDB); the refunds' and
// chargebacks' store holds two, on one pool (postgres-event-fact-store.ts).
import type { Pool, PoolClient } from "pg";
import type { FactTableDefinition } from "../fact-table-definition";
import { readPage, type FactPageQueries, type IdsStatement, type PageRequest, type Statement } from "../purchase-fact-sql";
import type { AsyncFactTable, SnapshotReader } from "../async-purchase-fact-store";
import type { FactDayMeta } from "../purchase-fact-store";
import { KeptAnswers } from "../kept-answers";
import { readFactDayMeta, replaceFactDay, type PostgresFactTables } from "./fact-days";
import { readFactVersion } from "./fact-versions";
import { inTransaction, storePool, transactionOn, type PostgresPoolOptions } from "./pool";
import { TableStatistics } from "./table-statistics";

/** The sort memory of a scratch read (PostgreSQL's default is 4 MB). */
const SCRATCH_WORK_MEM = "64MB";

/** A client's reads as a snapshot's reader: rows as objects or as arrays. */
const readerOf = (client: PoolClient): SnapshotReader => ({
  all: async <R extends object>(statement: Statement) => (await client.query<R & Record<string, unknown>>(statement.text, statement.args)).rows,
  arrays: async <R>(statement: Statement) => (await client.query<R & unknown[]>({ text: statement.text, values: statement.args, rowMode: "array" })).rows as R[],
});

/** What pg_export_snapshot() names a snapshot by (hex groups between dashes): checked, since SET TRANSACTION SNAPSHOT takes no parameter. */
const SNAPSHOT_ID = /^[0-9A-F]+(-[0-9A-F]+)+$/i;

/**
 * A statement's rows on `other` (a pool's connection being claimed), in a read-only transaction of
 * the exported snapshot `snapshot`; by `fallback` (the exporting read's own connection) where no
 * connection could be had (a server refusing one more client, the pool's timeout).
 */
async function readInSnapshot<R extends object>(other: Promise<PoolClient>, snapshot: Promise<string>, statement: Statement, fallback: () => Promise<R[]>, workMem?: string): Promise<R[]> {
  let client: PoolClient;
  try {
    client = await other;
  } catch {
    return fallback();
  }
  try {
    const id = await snapshot;
    if (!SNAPSHOT_ID.test(id)) throw new Error("PostgreSQL named an exported snapshot in an unexpected form.");
    return await transactionOn(
      client,
      async () => {
        await client.query(`SET TRANSACTION SNAPSHOT '${id}'`);
        if (workMem) await client.query(`SET LOCAL work_mem = '${workMem}'`);
        return (await client.query<R & Record<string, unknown>>(statement.text, statement.args)).rows;
      },
      "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
    );
  } finally {
    client.release();
  }
}

/** Pages kept per table: a few tables' pages of the reports a user goes back and forth between. */
const PAGES_KEPT = 16;

export class PostgresFactTableStore<Row> implements AsyncFactTable<Row> {
  readonly dialect = "postgres";
  readonly table: string;
  readonly days: string;
  protected readonly pool: Pool;
  private readonly ownsPool: boolean;
  protected readonly tables: PostgresFactTables;
  private readonly answers = new KeptAnswers();
  /** The table's pages, apart: paging through a table must not push out the reports' aggregates. */
  private readonly pages = new KeptAnswers(PAGES_KEPT);
  private readonly statistics: TableStatistics;

  constructor(private readonly definition: FactTableDefinition<Row> & Pick<PostgresFactTables, "dayTallies">, connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
    this.table = definition.rows;
    this.days = definition.days;
    this.tables = { rows: definition.rows, columns: ["account", "day", "seq", ...definition.columns], days: definition.days, key: definition.key, frontCheckouts: definition.frontCheckouts, dayTallies: definition.dayTallies };
    this.statistics = new TableStatistics(this.pool, definition.rows);
  }

  async all<T extends object>(statement: Statement): Promise<T[]> {
    return (await this.pool.query<T & Record<string, unknown>>(statement.text, statement.args)).rows;
  }

  /** Reads from one snapshot: a day replaced between them cannot set them apart. */
  protected snapshot<T>(read: (client: PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      return read(client);
    });
  }

  /**
   * `read` with a reader of `client`'s transaction whose `beside` reads on another of the pool's
   * connections in that transaction's snapshot (exported once, imported there), or on `client`
   * after the reads before it where the pool has none to spare or cannot open one. Ends once every
   * read beside has: the exported snapshot lives only as long as the transaction.
   */
  private async withBeside<T>(client: PoolClient, read: (reader: SnapshotReader) => Promise<T>, workMem?: string): Promise<T> {
    const own = readerOf(client);
    let snapshot: Promise<string> | undefined;
    const besides: Array<Promise<unknown>> = [];
    const beside = <R extends object>(statement: Statement): Promise<R[]> => {
      // Never wait for a connection while holding one: readers doing so could hold them all.
      if (this.pool.idleCount === 0 && this.pool.totalCount >= (this.pool.options.max ?? 10)) return own.all<R>(statement);
      // Claimed at once (pg-pool hands over an idle connection, or starts opening one, in this
      // call): a connect after the export's round trip could find another read had taken it.
      const other = this.pool.connect();
      snapshot ??= client.query<{ id: string }>("SELECT pg_export_snapshot() AS id").then((r) => r.rows[0]!.id);
      const rows = readInSnapshot<R>(other, snapshot, statement, () => own.all<R>(statement), workMem);
      besides.push(rows.catch(() => undefined));
      return rows;
    };
    try {
      return await read({ ...own, beside });
    } finally {
      await Promise.all(besides);
    }
  }

  /**
   * Reads from one snapshot that may write temporary tables (a READ ONLY transaction may not make
   * one); its reader reads beside itself too (withBeside).
   */
  scratchRead<T>(read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      // The selections' fills sort a period's rows to keep each record's first copy (a million
      // purchases at scale 20): in memory, not in files, for this transaction only.
      await client.query(`SET LOCAL work_mem = '${SCRATCH_WORK_MEM}'`);
      return this.withBeside(client, read, SCRATCH_WORK_MEM);
    });
  }

  /** Each named statement's rows, read one after the other from one snapshot; the caller names the records' types, as `all` does. */
  snapshotRows<R extends Record<string, readonly object[]>>(statements: { [K in keyof R]: Statement }): Promise<R> {
    return this.snapshot(async (client) => {
      const rows: Record<string, unknown[]> = {};
      for (const [name, statement] of Object.entries<Statement>(statements)) rows[name] = (await client.query(statement.text, statement.args)).rows;
      return rows as unknown as R;
    });
  }

  /** Reads of its own from one snapshot: rows as objects or as arrays, and beside each other (withBeside). */
  snapshotRead<T>(read: (reader: SnapshotReader) => Promise<T>): Promise<T> {
    return this.snapshot((client) => this.withBeside(client, read));
  }

  /** Each named statement's rows, read side by side on the pool's connections. */
  async together<R extends Record<string, readonly object[]>>(statements: { [K in keyof R]: Statement }): Promise<R> {
    const entries = Object.entries<Statement>(statements);
    const rows = await Promise.all(entries.map(([, statement]) => this.all(statement)));
    return Object.fromEntries(entries.map(([name], i) => [name, rows[i]])) as unknown as R;
  }

  /** The rows of some ids within a plan: none asked, none read (`IN ()` is no SQL). */
  async ofIds<T extends object, Plan>(statementOf: IdsStatement<Plan>, account: string, plan: Plan, ids: readonly number[]): Promise<T[]> {
    if (ids.length === 0) return [];
    return this.all<T>(statementOf("postgres", this.table, account, plan, ids));
  }

  /**
   * A page of the table's rows: the count and the page from one snapshot, so a day replaced
   * between them cannot skew the page; `counted` gives the count from elsewhere in that snapshot
   * where it can (the purchases' days' marks). Kept as the aggregates are (while no write lands):
   * a count or a sort the table's marks and indexes do not answer reads every row of the range
   * (~0.45 and ~0.57 s for two years at scale 20), on a revisit too. A table store serves one
   * table's pages, so the request alone names one.
   */
  page<Request extends PageRequest, T extends object, Item>(
    queries: FactPageQueries<Request, T, Item>,
    account: string,
    request: Request,
    counted?: (reader: SnapshotReader) => Promise<number | null>,
  ): Promise<{ total: number; page: number; items: Item[] }> {
    return this.keptIn(this.pages, account, ["page", request], () =>
      this.snapshot((client) => {
        const reader = readerOf(client);
        return readPage(queries, "postgres", this.table, account, request, reader.all, counted && (() => counted(reader)));
      }),
    );
  }

  /** A statement's rows as arrays (pg's rowMode "array"). */
  async arrays<T, A>(statement: Statement, consume: (rows: Iterable<T>) => A): Promise<A> {
    return consume((await this.pool.query<T & unknown[]>({ text: statement.text, values: statement.args, rowMode: "array" })).rows);
  }

  /** Kept while the account's mark (fact-versions.ts), which any write of its days moves, stays the one read before. */
  kept<T extends object>(account: string, question: readonly unknown[], compute: () => Promise<T>): Promise<T> {
    return this.keptIn(this.answers, account, question, compute);
  }

  /** Kept in `answers` (the aggregates', or the pages') under the account's write mark. */
  private keptIn<T extends object>(answers: KeptAnswers, account: string, question: readonly unknown[], compute: () => Promise<T>): Promise<T> {
    return answers.read([account, ...question], () => readFactVersion(this.pool, account), compute);
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly Row[], alongside?: Statement): Promise<void> {
    await replaceFactDay(this.pool, this.tables, account, day, fetchedAt, rows.map(this.definition.valuesOf), alongside && ((client) => client.query(alongside.text, alongside.args)));
    await this.statistics.wrote(rows.length);
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return readFactDayMeta(this.pool, this.tables.days, account, days);
  }

  forget(account: string): Promise<void> {
    return this.forgetWith(account, []);
  }

  async forgetWith(account: string, others: ReadonlyArray<{ readonly table: string; readonly days: string }>): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      for (const { table, days } of [this, ...others]) {
        await client.query(`DELETE FROM ${table} WHERE account = $1`, [account]);
        await client.query(`DELETE FROM ${days} WHERE account = $1`, [account]);
      }
    });
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
