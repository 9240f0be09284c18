import "server-only";

// The orders fact table's embedded back-end, in the mirror's SQLite file beside the purchases'
// (lib/store/order-fact-store.ts). better-sqlite3 is synchronous: a day's rows are replaced in
// one transaction.
import type Database from "better-sqlite3";
import { openFactSqlite } from "./sqlite-fact-open";
import { sqliteFactDays } from "./sqlite-fact-days";
import {
  choiceStatements, deliveryOrderOfRecord, deliveryOrdersStatement, fulfilmentStatement, locateOrdersStatement, orderBucketStatement, orderChoicesOf, orderGroupsOf, orderPageCountStatement, orderPageItemsOf, orderPageStatement, orderRowValues, ORDER_ROW_COLUMNS,
  type ChoiceGroupRecord, type DeliveryOrderRecord, type FulfilmentRecord, type OrderBucketRecord, type OrderPageRecord,
} from "./order-fact-sql";
import type { DeliveryOrder, OrderFactChoices, OrderFactGroups, OrderFactPlan, OrderFactRow, OrderFactStore, OrderPage, OrderPageItem, OrderPageRequest } from "./order-fact-store";
import { pageSlice } from "./purchase-fact-sql";
import type { FactDayMeta } from "./purchase-fact-store";

const TABLE = "order_facts";

export class SqliteOrderFactStore implements OrderFactStore {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    this.db = openFactSqlite(file, { rows: TABLE, days: "order_fact_days", requiredColumn: "ordered_at" });
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${TABLE} (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL,
        order_id INTEGER NOT NULL, created_at INTEGER, record_day TEXT NOT NULL,
        currency TEXT NOT NULL, currency_offer TEXT NOT NULL, offer_name TEXT,
        product TEXT, offer TEXT, payment_method TEXT, psp TEXT, card_brand TEXT NOT NULL, country TEXT,
        amount_cents INTEGER NOT NULL, milestone TEXT NOT NULL, carrier TEXT NOT NULL, supplier TEXT NOT NULL,
        completed_at INTEGER, delivered_at INTEGER, ordered_at INTEGER, order_created_at TEXT NOT NULL, sort_amount REAL NOT NULL,
        PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${TABLE}_time ON ${TABLE} (account, created_at);
      CREATE INDEX IF NOT EXISTS ${TABLE}_product ON ${TABLE} (account, product, created_at);
      CREATE INDEX IF NOT EXISTS ${TABLE}_offer ON ${TABLE} (account, offer, created_at);
      CREATE TABLE IF NOT EXISTS order_fact_days (account TEXT NOT NULL, day TEXT NOT NULL, fetched_at INTEGER NOT NULL,
        count INTEGER NOT NULL, PRIMARY KEY (account, day));
    `);
    this.statements = sqliteFactDays<OrderFactRow>(this.db, { rows: TABLE, columns: ORDER_ROW_COLUMNS, days: "order_fact_days" }, orderRowValues);
  }

  private all<T>(statement: { text: string; args: unknown[] }): T[] {
    return this.db.prepare(statement.text).all(...statement.args) as T[];
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly OrderFactRow[]): Promise<void> {
    this.statements.replace(account, day, fetchedAt, rows);
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.statements.readMeta(account, days);
  }

  async aggregate(account: string, plan: OrderFactPlan): Promise<OrderFactGroups> {
    if (plan.bucketStarts.length === 0) return { buckets: [], fulfilment: [], days: [] };
    return orderGroupsOf(this.all<OrderBucketRecord>(orderBucketStatement("sqlite", TABLE, account, plan)), this.all<FulfilmentRecord>(fulfilmentStatement("sqlite", TABLE, account, plan)));
  }

  async deliveryOrders(account: string, plan: OrderFactPlan): Promise<DeliveryOrder[]> {
    if (plan.bucketStarts.length === 0) return [];
    return this.all<DeliveryOrderRecord>(deliveryOrdersStatement("sqlite", TABLE, account, plan)).map(deliveryOrderOfRecord);
  }

  async choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices> {
    const s = choiceStatements("sqlite", TABLE, account, plan);
    return orderChoicesOf({ groups: this.all<ChoiceGroupRecord>(s.groups), labels: this.all<{ code: string; offer_name: string | null }>(s.labels) });
  }

  async orderPage(account: string, request: OrderPageRequest): Promise<OrderPage> {
    // The count and the page in one read transaction: a day replaced between them cannot skew the page.
    return this.db.transaction(() => {
      const count = orderPageCountStatement("sqlite", TABLE, account, request);
      const total = Number((this.db.prepare(count.text).get(...count.args) as { n: number }).n);
      const slice = pageSlice(total, request);
      if (slice.limit === 0) return { total, page: slice.page, items: [] };
      const page = orderPageStatement("sqlite", TABLE, account, request, slice.dir, slice.offset, slice.limit);
      return { total, page: slice.page, items: orderPageItemsOf(this.all<OrderPageRecord>(page), slice.reversed) };
    })();
  }

  async locateOrders(account: string, plan: OrderFactPlan, ids: readonly number[]): Promise<OrderPageItem[]> {
    if (ids.length === 0) return [];
    return orderPageItemsOf(this.all<OrderPageRecord>(locateOrdersStatement("sqlite", TABLE, account, plan, ids)), false);
  }

  async forget(account: string): Promise<void> {
    this.statements.forget(account);
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
