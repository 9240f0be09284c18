import "server-only";

// The orders fact table in PostgreSQL, shared by every instance. Same contract as
// SqliteOrderFactStore, answer for answer (lib/store/order-fact-store.ts).
import type { Pool } from "pg";
import {
  choiceStatements, fulfilmentStatement, orderBucketStatement, orderChoicesOf, orderGroupsOf, orderRowValues, ORDER_ROW_COLUMNS,
  type ChoiceGroupRecord, type FulfilmentRecord, type OrderBucketRecord,
} from "../order-fact-sql";
import type { OrderFactChoices, OrderFactGroups, OrderFactPlan, OrderFactRow, OrderFactStore } from "../order-fact-store";
import type { FactDayMeta } from "../purchase-fact-store";
import { readFactDayMeta, replaceFactDay } from "./fact-days";
import { storePool, type PostgresPoolOptions } from "./pool";

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

  async choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices> {
    const s = choiceStatements("postgres", TABLE, account, plan);
    const [groups, labels] = await Promise.all([this.all<ChoiceGroupRecord>(s.groups), this.all<{ code: string; offer_name: string | null }>(s.labels)]);
    return orderChoicesOf({ groups, labels });
  }

  async forget(account: string): Promise<void> {
    await this.pool.query(`WITH facts AS (DELETE FROM ${TABLE} WHERE account = $1) DELETE FROM salesdash_order_fact_days WHERE account = $1`, [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
