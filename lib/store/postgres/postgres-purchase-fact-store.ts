import "server-only";

// The purchases fact table in PostgreSQL, shared by every instance. Same contract as
// SqlitePurchaseFactStore, answer for answer (lib/store/purchase-fact-store.ts).
import type { Pool } from "pg";
import {
  affiliateCountOf, affiliateGroupsOf, affiliateStatements, countSalesStatement, type AffiliateCountRecord, type AffiliateOrderRecord, type AffiliateSumRecord,
  fundsDueOf, fundsDueStatement, payoutColumnsOf, payoutStatement, type FundsDueRecord, type PayoutRecord,
  bucketGroupOf, bucketStatement, orderGroupOf, orderStatement, locateStatement, pageCountStatement, pageItemsOf, pageSlice, pageStatement, ROW_COLUMNS, rowValues, summaryGroupsOf, summaryStatements,
  type BucketRecord, type DimRecord, type FundRecord, type LabelRecord, type OrderRecord, type PageRecord, type SlotRecord,
} from "../purchase-fact-sql";
import { checkoutsStatement } from "../checkout-fact-sql";
import { refundGroupsOf, refundStatements, saleOf, salesOfStatement, type RefundCellRecord, type RefundLabelRecord, type RefundSumRecord, type SaleRecord } from "../refund-fact-sql";
import type { FactRefundGroups, FactSale, FactAffiliateCount, FactAffiliateGroups, FactBucketGroup, FactCheckoutValues, FactDayMeta, FactFundsDue, FactOrderGroup, FactPage, FactPageItem, FactPageRequest, FactSummaryGroups, PurchaseFactPlan, PurchaseFactRow, PurchaseFactStore } from "../purchase-fact-store";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import { readFactDayMeta, replaceFactDay } from "./fact-days";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

const TABLE = "salesdash_purchase_facts";
const TABLES = { rows: TABLE, columns: ["account", "day", "seq", ...ROW_COLUMNS], days: "salesdash_purchase_fact_days" };

export class PostgresPurchaseFactStore implements PurchaseFactStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly PurchaseFactRow[]): Promise<void> {
    await replaceFactDay(this.pool, TABLES, account, day, fetchedAt, rows.map(rowValues));
  }

  async readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return readFactDayMeta(this.pool, TABLES.days, account, days);
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

  async affiliateGroups(account: string, plan: PurchaseFactPlan): Promise<FactAffiliateGroups> {
    // One snapshot: a day replaced between the statements cannot set them apart.
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      const statements = affiliateStatements("postgres", TABLE, account, plan);
      const sums = await client.query<AffiliateSumRecord>(statements.sums.text, statements.sums.args);
      const orders = await client.query<AffiliateOrderRecord>(statements.orders.text, statements.orders.args);
      const days = await client.query<{ d: string }>(statements.days.text, statements.days.args);
      return affiliateGroupsOf({ sums: sums.rows, orders: orders.rows, days: days.rows });
    });
  }

  async countSales(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactAffiliateCount[]> {
    if (ids.length === 0) return [];
    const statement = countSalesStatement("postgres", TABLE, account, plan, ids);
    return (await this.pool.query<AffiliateCountRecord>(statement.text, statement.args)).rows.map(affiliateCountOf);
  }

  async refundGroups(account: string, plan: PurchaseFactPlan): Promise<FactRefundGroups> {
    // One snapshot: a day replaced between the statements cannot set them apart.
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      const statements = refundStatements("postgres", TABLE, account, plan);
      const sums = await client.query<RefundSumRecord>(statements.sums.text, statements.sums.args);
      const cells = await client.query<RefundCellRecord>(statements.cells.text, statements.cells.args);
      const labels = await client.query<RefundLabelRecord>(statements.labels.text, statements.labels.args);
      const days = await client.query<{ d: string }>(statements.days.text, statements.days.args);
      return refundGroupsOf({ sums: sums.rows, cells: cells.rows, labels: labels.rows, days: days.rows });
    });
  }

  async salesOf(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactSale[]> {
    if (ids.length === 0) return [];
    const statement = salesOfStatement("postgres", TABLE, account, plan, ids);
    return (await this.pool.query<SaleRecord>(statement.text, statement.args)).rows.map(saleOf);
  }

  async payoutSales(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Promise<PayoutSaleColumns> {
    const statement = payoutStatement("postgres", TABLE, account, days, currency);
    // Arrays, not objects: two years of a large account are a million rows.
    const result = await this.pool.query<PayoutRecord>({ text: statement.text, values: statement.args, rowMode: "array" });
    return payoutColumnsOf(result.rows);
  }

  async fundsDue(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"], window: { fromMs: number; toMs: number }): Promise<FactFundsDue[]> {
    const statement = fundsDueStatement("postgres", TABLE, account, days, currency, window);
    return (await this.pool.query<FundsDueRecord>(statement.text, statement.args)).rows.map(fundsDueOf);
  }

  async checkouts(account: string, plan: PurchaseFactPlan): Promise<FactCheckoutValues[]> {
    const statement = checkoutsStatement("postgres", TABLE, account, plan);
    return (await this.pool.query<FactCheckoutValues>({ text: statement.text, values: statement.args, rowMode: "array" })).rows;
  }

  async forget(account: string): Promise<void> {
    await this.pool.query(`WITH facts AS (DELETE FROM ${TABLE} WHERE account = $1) DELETE FROM salesdash_purchase_fact_days WHERE account = $1`, [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
