import "server-only";

// What the embedded stores of one fact table each (purchases, orders, carts) do alike: open the
// mirror's SQLite file, make the rows' table and its days' marks, replace a day, read the marks,
// forget an account, read a page of the table, and close. The refunds' and chargebacks' store
// holds two tables in one file and keeps its own (sqlite-event-fact-store.ts).
import type Database from "better-sqlite3";
import { openFactSqlite } from "./sqlite-fact-open";
import { sqliteFactDays } from "./sqlite-fact-days";
import type { FactTableDefinition } from "./fact-table-definition";
import { pageSlice, type FactPageQueries, type IdsStatement, type PageRequest, type Statement } from "./purchase-fact-sql";
import type { FactDayMeta } from "./purchase-fact-store";

export interface SqliteFactTable<Row> extends FactTableDefinition<Row> {
  /** A column the current shape has and an older one lacked (sqlite-fact-open.ts); absent: nothing to drop. */
  requiredColumn?: string;
  /** The rows' table and its indexes: CREATE … IF NOT EXISTS statements. */
  schema: string;
}

export abstract class SqliteFactTableStore<Row> {
  protected readonly db: Database.Database;
  private readonly rows: string;
  protected readonly statements: ReturnType<typeof sqliteFactDays<Row>>;

  protected constructor(file: string, table: SqliteFactTable<Row>) {
    this.rows = table.rows;
    this.db = openFactSqlite(file, table);
    this.db.exec(`${table.schema}
      CREATE TABLE IF NOT EXISTS ${table.days} (account TEXT NOT NULL, day TEXT NOT NULL, fetched_at INTEGER NOT NULL,
        count INTEGER NOT NULL, PRIMARY KEY (account, day));
    `);
    this.statements = sqliteFactDays<Row>(this.db, table, table.valuesOf);
  }

  protected all<T extends object>(statement: Statement): T[] {
    return this.db.prepare(statement.text).all(...statement.args) as T[];
  }

  /** Each named statement's rows, read in one transaction: a day replaced between them cannot set them apart. The caller names the records' types, as `all` does. */
  protected transactionRows<R extends Record<string, readonly object[]>>(statements: { [K in keyof R]: Statement }): R {
    return this.db.transaction(() => Object.fromEntries(Object.entries<Statement>(statements).map(([name, statement]) => [name, this.all(statement)])) as unknown as R)();
  }

  /** The rows of some ids within a plan: none asked, none read (`IN ()` is no SQL). */
  protected ofIds<Row extends object, Plan>(statementOf: IdsStatement<Plan>, account: string, plan: Plan, ids: readonly number[]): Row[] {
    if (ids.length === 0) return [];
    return this.all<Row>(statementOf("sqlite", this.rows, account, plan, ids));
  }

  /** A page of the table's rows: the count and the page in one read transaction, so a day replaced between them cannot skew the page. */
  protected page<Request extends PageRequest, Row extends object, Item>(queries: FactPageQueries<Request, Row, Item>, account: string, request: Request): { total: number; page: number; items: Item[] } {
    return this.db.transaction(() => {
      const count = queries.count("sqlite", this.rows, account, request);
      const total = Number((this.db.prepare(count.text).get(...count.args) as { n: number }).n);
      const slice = pageSlice(total, request);
      if (slice.limit === 0) return { total, page: slice.page, items: [] };
      const page = queries.page("sqlite", this.rows, account, request, slice.dir, slice.offset, slice.limit);
      return { total, page: slice.page, items: queries.itemsOf(this.all<Row>(page), slice.reversed) };
    })();
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly Row[]): Promise<void> {
    this.statements.replace(account, day, fetchedAt, rows);
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.statements.readMeta(account, days);
  }

  async forget(account: string): Promise<void> {
    this.statements.forget(account);
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
