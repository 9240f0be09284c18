import "server-only";

// The orders fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteOrderFactStore, answer for answer (lib/store/order-fact-store.ts).
import type { Pool } from "pg";
import {
  choiceStatements, deliveryOrderOfRecord, deliveryOrdersStatement, fulfilmentStatement, locateOrdersStatement, orderBucketStatement, orderChoicesOf, orderGroupsOf, orderPageCountStatement, orderPageItemsOf, orderPageStatement, orderRowValues, ORDER_ROW_COLUMNS,
  type ChoiceGroupRecord, type DeliveryOrderRecord, type FulfilmentRecord, type OrderBucketRecord, type OrderPageRecord,
} from "../order-fact-sql";
import type { DeliveryOrder, OrderFactChoices, OrderFactGroups, OrderFactPlan, OrderFactRow, OrderFactStore, OrderPage, OrderPageItem, OrderPageRequest } from "../order-fact-store";
import { pageSlice } from "../purchase-fact-sql";
import type { FactDayMeta } from "../purchase-fact-store";
import { readFactDayMeta, replaceFactDay } from "./fact-days";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

const TABLE = "salesdash_order_facts";
const TABLES = { rows: TABLE, columns: ["account", "day", "seq", ...ORDER_ROW_COLUMNS], days: "salesdash_order_fact_days" };

export class PostgresOrderFactStore implements OrderFactStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  private async all<T extends object>(statement: { text: string; args: unknown[] }): Promise<T[]> {
    return (await this.pool.query<T & Record<string, unknown>>(statement.text, statement.args)).rows;
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly OrderFactRow[]): Promise<void> {
    await replaceFactDay(this.pool, TABLES, account, day, fetchedAt, rows.map(orderRowValues));
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return readFactDayMeta(this.pool, TABLES.days, account, days);
  }

  async aggregate(account: string, plan: OrderFactPlan): Promise<OrderFactGroups> {
    if (plan.bucketStarts.length === 0) return { buckets: [], fulfilment: [], days: [] };
    const [buckets, fulfilment] = await Promise.all([
      this.all<OrderBucketRecord>(orderBucketStatement("postgres", TABLE, account, plan)),
      this.all<FulfilmentRecord>(fulfilmentStatement("postgres", TABLE, account, plan)),
    ]);
    return orderGroupsOf(buckets, fulfilment);
  }

  async deliveryOrders(account: string, plan: OrderFactPlan): Promise<DeliveryOrder[]> {
    if (plan.bucketStarts.length === 0) return [];
    return (await this.all<DeliveryOrderRecord>(deliveryOrdersStatement("postgres", TABLE, account, plan))).map(deliveryOrderOfRecord);
  }

  async choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices> {
    const s = choiceStatements("postgres", TABLE, account, plan);
    const [groups, labels] = await Promise.all([this.all<ChoiceGroupRecord>(s.groups), this.all<{ code: string; offer_name: string | null }>(s.labels)]);
    return orderChoicesOf({ groups, labels });
  }

  async orderPage(account: string, request: OrderPageRequest): Promise<OrderPage> {
    // The count and the page from one snapshot: a day replaced between them cannot skew the page.
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      const count = orderPageCountStatement("postgres", TABLE, account, request);
      const total = Number((await client.query<{ n: string }>(count.text, count.args)).rows[0]?.n ?? 0);
      const slice = pageSlice(total, request);
      if (slice.limit === 0) return { total, page: slice.page, items: [] };
      const page = orderPageStatement("postgres", TABLE, account, request, slice.dir, slice.offset, slice.limit);
      return { total, page: slice.page, items: orderPageItemsOf((await client.query<OrderPageRecord>(page.text, page.args)).rows, slice.reversed) };
    });
  }

  async locateOrders(account: string, plan: OrderFactPlan, ids: readonly number[]): Promise<OrderPageItem[]> {
    if (ids.length === 0) return [];
    return orderPageItemsOf(await this.all<OrderPageRecord>(locateOrdersStatement("postgres", TABLE, account, plan, ids)), false);
  }

  async forget(account: string): Promise<void> {
    await this.pool.query(`WITH facts AS (DELETE FROM ${TABLE} WHERE account = $1) DELETE FROM salesdash_order_fact_days WHERE account = $1`, [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
