import "server-only";

// What the PostgreSQL stores of one fact table each (purchases, orders, carts) do alike: the
// pool (shared or their own), a day replaced with its mark, the marks read back, an account
// forgotten, reads from one snapshot, a page of the table, and closing. The refunds' and
// chargebacks' store holds two tables and keeps its own (postgres-event-fact-store.ts).
import type { Pool, PoolClient } from "pg";
import type { FactTableDefinition } from "../fact-table-definition";
import { pageSlice, type FactPageQueries, type IdsStatement, type PageRequest, type Statement } from "../purchase-fact-sql";
import type { FactDayMeta } from "../purchase-fact-store";
import { readFactDayMeta, replaceFactDay, type PostgresFactTables } from "./fact-days";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

export abstract class PostgresFactTableStore<Row> {
  protected readonly pool: Pool;
  private readonly ownsPool: boolean;
  protected readonly tables: PostgresFactTables;

  protected constructor(protected readonly table: FactTableDefinition<Row>, connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
    this.tables = { rows: table.rows, columns: ["account", "day", "seq", ...table.columns], days: table.days };
  }

  protected async all<T extends object>(statement: Statement): Promise<T[]> {
    return (await this.pool.query<T & Record<string, unknown>>(statement.text, statement.args)).rows;
  }

  /** Reads from one snapshot: a day replaced between them cannot set them apart. */
  protected snapshot<T>(read: (client: PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      return read(client);
    });
  }

  /** Each named statement's rows, read one after the other from one snapshot; the caller names the records' types, as `all` does. */
  protected snapshotRows<R extends Record<string, readonly object[]>>(statements: { [K in keyof R]: Statement }): Promise<R> {
    return this.snapshot(async (client) => {
      const rows: Record<string, unknown[]> = {};
      for (const [name, statement] of Object.entries<Statement>(statements)) rows[name] = (await client.query(statement.text, statement.args)).rows;
      return rows as unknown as R;
    });
  }

  /** The rows of some ids within a plan: none asked, none read (`IN ()` is no SQL). */
  protected async ofIds<Row extends object, Plan>(statementOf: IdsStatement<Plan>, account: string, plan: Plan, ids: readonly number[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    return this.all<Row>(statementOf("postgres", this.table.rows, account, plan, ids));
  }

  /** A page of the table's rows: the count and the page from one snapshot, so a day replaced between them cannot skew the page. */
  protected page<Request extends PageRequest, Row extends object, Item>(queries: FactPageQueries<Request, Row, Item>, account: string, request: Request): Promise<{ total: number; page: number; items: Item[] }> {
    return this.snapshot(async (client) => {
      const count = queries.count("postgres", this.table.rows, account, request);
      const total = Number((await client.query<{ n: string }>(count.text, count.args)).rows[0]?.n ?? 0);
      const slice = pageSlice(total, request);
      if (slice.limit === 0) return { total, page: slice.page, items: [] };
      const page = queries.page("postgres", this.table.rows, account, request, slice.dir, slice.offset, slice.limit);
      return { total, page: slice.page, items: queries.itemsOf((await client.query<Row & Record<string, unknown>>(page.text, page.args)).rows, slice.reversed) };
    });
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly Row[]): Promise<void> {
    await replaceFactDay(this.pool, this.tables, account, day, fetchedAt, rows.map(this.table.valuesOf));
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return readFactDayMeta(this.pool, this.tables.days, account, days);
  }

  async forget(account: string): Promise<void> {
    await this.pool.query(`WITH facts AS (DELETE FROM ${this.tables.rows} WHERE account = $1) DELETE FROM ${this.tables.days} WHERE account = $1`, [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
