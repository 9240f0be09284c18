import "server-only";

// The purchases fact table in PostgreSQL, shared by every instance. Same contract as
// SqlitePurchaseFactStore, answer for answer (lib/store/purchase-fact-store.ts).
import type { Pool } from "pg";
import {
  bucketGroupOf, bucketStatement, orderGroupOf, orderStatement, locateStatement, pageCountStatement, pageItemsOf, pageSlice, pageStatement, ROW_COLUMNS, rowValues, summaryGroupsOf, summaryStatements,
  type BucketRecord, type DimRecord, type FundRecord, type LabelRecord, type OrderRecord, type PageRecord, type SlotRecord,
} from "../purchase-fact-sql";
import type { FactBucketGroup, FactDayMeta, FactOrderGroup, FactPage, FactPageItem, FactPageRequest, FactSummaryGroups, PurchaseFactPlan, PurchaseFactRow, PurchaseFactStore } from "../purchase-fact-store";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

const TABLE = "salesdash_purchase_facts";
const COLUMNS = ["account", "day", "seq", ...ROW_COLUMNS];
// Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement.
const BATCH = Math.floor(60_000 / COLUMNS.length);

export class PostgresPurchaseFactStore implements PurchaseFactStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly PurchaseFactRow[]): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(`DELETE FROM ${TABLE} WHERE account = $1 AND day = $2`, [account, day]);
      for (let start = 0; start < rows.length; start += BATCH) {
        const values: unknown[] = [];
        const tuples = rows.slice(start, start + BATCH).map((row, i) => {
          const at = values.length;
          values.push(account, day, start + i, ...rowValues(row));
          return `(${COLUMNS.map((_, c) => `$${at + c + 1}`).join(", ")})`;
        });
        await client.query(`INSERT INTO ${TABLE} (${COLUMNS.join(", ")}) VALUES ${tuples.join(", ")}`, values);
      }
      await client.query(
        `INSERT INTO salesdash_purchase_fact_days (account, day, fetched_at, count) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account, day) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, count = EXCLUDED.count`,
        [account, day, fetchedAt, rows.length],
      );
    });
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    if (days.length === 0) return [];
    const { rows } = await this.pool.query<{ day: string; fetched_at: string; count: number }>(
      "SELECT day, fetched_at, count FROM salesdash_purchase_fact_days WHERE account = $1 AND day = ANY($2::text[])",
      [account, days],
    );
    const byDay = new Map(rows.map((r) => [r.day, r]));
    // In the order asked, as SQLite's lookup per day answers.
    return days.flatMap((day) => {
      const row = byDay.get(day);
      return row ? [{ day, fetchedAt: Number(row.fetched_at), count: row.count }] : [];
    });
  }

  async aggregate(account: string, plan: PurchaseFactPlan): Promise<{ buckets: FactBucketGroup[]; orders: FactOrderGroup[] }> {
    if (plan.bucketStarts.length === 0) return { buckets: [], orders: [] };
    const buckets = bucketStatement("postgres", TABLE, account, plan);
    const orders = orderStatement("postgres", TABLE, account, plan);
    const [b, o] = await Promise.all([this.pool.query<BucketRecord>(buckets.text, buckets.args), this.pool.query<OrderRecord>(orders.text, orders.args)]);
    return { buckets: b.rows.map(bucketGroupOf), orders: o.rows.map(orderGroupOf) };
  }

  async summarize(account: string, plan: PurchaseFactPlan): Promise<FactSummaryGroups> {
    const statements = summaryStatements("postgres", TABLE, account, plan);
    const orders = orderStatement("postgres", TABLE, account, plan);
    const [slots, dims, labels, funds, o] = await Promise.all([
      this.pool.query<SlotRecord>(statements.slots.text, statements.slots.args),
      this.pool.query<DimRecord>(statements.dims.text, statements.dims.args),
      this.pool.query<LabelRecord>(statements.labels.text, statements.labels.args),
      this.pool.query<FundRecord>(statements.funds.text, statements.funds.args),
      this.pool.query<OrderRecord>(orders.text, orders.args),
    ]);
    return summaryGroupsOf({ slots: slots.rows, dims: dims.rows, labels: labels.rows, funds: funds.rows }, o.rows.map(orderGroupOf));
  }

  async purchasePage(account: string, request: FactPageRequest): Promise<FactPage> {
    // The count and the page from one snapshot: a day replaced between them cannot skew the page.
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      const count = pageCountStatement("postgres", TABLE, account, request);
      const total = Number((await client.query<{ n: string }>(count.text, count.args)).rows[0]?.n ?? 0);
      const slice = pageSlice(total, request);
      if (slice.limit === 0) return { total, page: slice.page, items: [] };
      const page = pageStatement("postgres", TABLE, account, request, slice.dir, slice.offset, slice.limit);
      return { total, page: slice.page, items: pageItemsOf((await client.query<PageRecord>(page.text, page.args)).rows, slice.reversed) };
    });
  }

  async locatePurchases(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactPageItem[]> {
    if (ids.length === 0) return [];
    const statement = locateStatement("postgres", TABLE, account, plan, ids);
    return pageItemsOf((await this.pool.query<PageRecord>(statement.text, statement.args)).rows, false);
  }

  async forget(account: string): Promise<void> {
    await this.pool.query(`WITH facts AS (DELETE FROM ${TABLE} WHERE account = $1) DELETE FROM salesdash_purchase_fact_days WHERE account = $1`, [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
