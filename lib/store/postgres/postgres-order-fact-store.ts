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
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

const TABLE = "salesdash_order_facts";
const COLUMNS = ["account", "day", "seq", ...ORDER_ROW_COLUMNS];
// Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement.
const BATCH = Math.floor(60_000 / COLUMNS.length);

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
    await inTransaction(this.pool, async (client) => {
      await client.query(`DELETE FROM ${TABLE} WHERE account = $1 AND day = $2`, [account, day]);
      for (let start = 0; start < rows.length; start += BATCH) {
        const values: unknown[] = [];
        const tuples = rows.slice(start, start + BATCH).map((row, i) => {
          const at = values.length;
          values.push(account, day, start + i, ...orderRowValues(row));
          return `(${COLUMNS.map((_, c) => `$${at + c + 1}`).join(", ")})`;
        });
        await client.query(`INSERT INTO ${TABLE} (${COLUMNS.join(", ")}) VALUES ${tuples.join(", ")}`, values);
      }
      await client.query(
        `INSERT INTO salesdash_order_fact_days (account, day, fetched_at, count) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account, day) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, count = EXCLUDED.count`,
        [account, day, fetchedAt, rows.length],
      );
    });
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    if (days.length === 0) return [];
    const { rows } = await this.pool.query<{ day: string; fetched_at: string; count: number }>(
      "SELECT day, fetched_at, count FROM salesdash_order_fact_days WHERE account = $1 AND day = ANY($2::text[])",
      [account, days],
    );
    const byDay = new Map(rows.map((r) => [r.day, r]));
    // In the order asked, as SQLite's lookup per day answers.
    return days.flatMap((day) => {
      const row = byDay.get(day);
      return row ? [{ day, fetchedAt: Number(row.fetched_at), count: row.count }] : [];
    });
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
