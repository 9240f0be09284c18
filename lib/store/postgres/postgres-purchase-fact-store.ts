import "server-only";

// The purchases fact table in PostgreSQL, shared by every instance. Same contract as
// SqlitePurchaseFactStore, answer for answer (lib/store/purchase-fact-store.ts).
import type { Pool } from "pg";
import {
  affiliateCountOf, affiliateGroupsOf, affiliateStatements, countSalesStatement, type AffiliateCountRecord,
  fundsDueOf, fundsDueStatement, payoutColumnsOf, payoutStatement, type FundsDueRecord, type PayoutRecord,
  bucketGroupOf, bucketStatement, orderGroupOf, orderStatement, locateStatement, pageItemsOf, PURCHASE_PAGE, ROW_COLUMNS, rowValues, summaryGroupsOf, summaryStatements,
  type BucketRecord, type DimRecord, type FundRecord, type LabelRecord, type OrderRecord, type PageRecord, type SlotRecord,
} from "../purchase-fact-sql";
import { checkoutsStatement } from "../checkout-fact-sql";
import { batchDays, csvBatchOf, csvBatchStatement, csvPreambleOf, customersStatement, duplicatesStatement, unsealedStatement, writeCustomersStatement } from "../purchase-csv-sql";
import { replaceFactDay } from "./fact-days";
import { refundGroupsOf, refundStatements, saleOf, salesOfStatement, type SaleRecord } from "../refund-fact-sql";
import type { FactCsvBatch, FactCsvBatchRequest, FactCsvPreamble, FactRefundGroups, FactSale, FactAffiliateCount, FactAffiliateGroups, FactBucketGroup, FactCheckoutValues, FactFundsDue, FactOrderGroup, FactPage, FactPageItem, FactPageRequest, FactSummaryGroups, PurchaseFactPlan, PurchaseFactRow, PurchaseFactStore } from "../purchase-fact-store";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import { PostgresFactTableStore } from "./postgres-fact-table-store";
import type { PostgresPoolOptions } from "./pool";

/** The purchases fact table (the carts' store reads it beside its own: cart-panel-sql.ts). */
export const PURCHASE_FACTS = "salesdash_purchase_facts";
const TABLE = PURCHASE_FACTS;
const DAYS = "salesdash_purchase_fact_days";

export class PostgresPurchaseFactStore extends PostgresFactTableStore<PurchaseFactRow> implements PurchaseFactStore {
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    super({ rows: TABLE, columns: ROW_COLUMNS, days: DAYS, valuesOf: rowValues }, connection, options);
  }

  override async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly PurchaseFactRow[], customers?: Uint8Array | null): Promise<void> {
    // With the day's mark, in its transaction; rows written without their cells (never by the mirror) keep none of an older fetch.
    const sealed = customers ? Buffer.from(customers.buffer, customers.byteOffset, customers.byteLength) : null;
    const write = writeCustomersStatement("postgres", DAYS, account, day, sealed);
    await replaceFactDay(this.pool, this.tables, account, day, fetchedAt, rows.map(this.table.valuesOf), (client) => client.query(write.text, write.args));
  }

  async csvPreamble(account: string, days: { from: string; to: string }): Promise<FactCsvPreamble> {
    const duplicates = duplicatesStatement("postgres", TABLE, account, days);
    const unsealed = unsealedStatement("postgres", DAYS, account, days);
    return this.snapshot(async (client) =>
      csvPreambleOf((await client.query<{ purchase_id: string; day: string }>(duplicates.text, duplicates.args)).rows, (await client.query<{ n: string }>(unsealed.text, unsealed.args)).rows[0]?.n ?? 0),
    );
  }

  async csvBatch(account: string, request: FactCsvBatchRequest): Promise<FactCsvBatch> {
    const statement = csvBatchStatement("postgres", TABLE, account, request);
    return this.snapshot(async (client) => {
      // Arrays, not objects: a batch is thousands of rows.
      const rows = (await client.query<unknown[]>({ text: statement.text, values: statement.args, rowMode: "array" })).rows;
      const days = batchDays(rows, request.known);
      const customers = customersStatement("postgres", DAYS, account, days);
      return csvBatchOf(rows, days, days.length === 0 ? [] : (await client.query<{ day: string; fetched_at: string; sealed: Buffer }>(customers.text, customers.args)).rows);
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
    return this.page(PURCHASE_PAGE, account, request);
  }

  async locatePurchases(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactPageItem[]> {
    return pageItemsOf(await this.ofIds<PageRecord, PurchaseFactPlan>(locateStatement, account, plan, ids), false);
  }


  async affiliateGroups(account: string, plan: PurchaseFactPlan): Promise<FactAffiliateGroups> {
    return affiliateGroupsOf(await this.snapshotRows<Parameters<typeof affiliateGroupsOf>[0]>(affiliateStatements("postgres", TABLE, account, plan)));
  }

  async countSales(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactAffiliateCount[]> {
    return (await this.ofIds<AffiliateCountRecord, PurchaseFactPlan>(countSalesStatement, account, plan, ids)).map(affiliateCountOf);
  }


  async refundGroups(account: string, plan: PurchaseFactPlan): Promise<FactRefundGroups> {
    return refundGroupsOf(await this.snapshotRows<Parameters<typeof refundGroupsOf>[0]>(refundStatements("postgres", TABLE, account, plan)));
  }

  async salesOf(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactSale[]> {
    return (await this.ofIds<SaleRecord, PurchaseFactPlan>(salesOfStatement, account, plan, ids)).map(saleOf);
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
}
