import "server-only";

// The purchases fact table in a DuckDB file beside the mirror (SALESDASH_FACT_ENGINE=duckdb):
// the same contract as SqlitePurchaseFactStore and PostgresPurchaseFactStore, answer for answer
// (lib/store/purchase-fact-store.ts), from the same SQL ("duckdb" dialect). A column store: a
// report's scan reads the few columns it names, compressed, on DuckDB's own threads, so the
// store needs no worker thread; only turning its answers into JavaScript runs on the caller's.
// Not encrypted: DuckDB cannot write an encrypted file with what installs here.
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import {
  affiliateCountOf, affiliateGroupsOf, affiliateStatements, countSalesStatement, type AffiliateCountRecord,
  fundsDueOf, fundsDueStatement, payoutColumnsOf, payoutStatement, type FundsDueRecord, type PayoutRecord,
  bucketGroupOf, bucketStatement, DIMENSION_COLUMN, orderGroupOf, orderStatement, locateStatement, pageItemsOf, PURCHASE_PAGE, ROW_COLUMNS, rowValues, summaryGroupsOf, summaryStatements, SUM_COLUMNS,
  type BucketRecord, type DimRecord, type FundRecord, type LabelRecord, type OrderRecord, type PageRecord, type SlotRecord,
} from "../purchase-fact-sql";
import { checkoutsStatement } from "../checkout-fact-sql";
import { refundGroupsOf, refundStatements, saleOf, salesOfStatement, type SaleRecord } from "../refund-fact-sql";
import { FACT_DIMENSIONS, type FactRefundGroups, type FactSale, type FactAffiliateCount, type FactAffiliateGroups, type FactBucketGroup, type FactCheckoutValues, type FactFundsDue, type FactOrderGroup, type FactPage, type FactPageItem, type FactPageRequest, type FactSummaryGroups, type PurchaseFactPlan, type PurchaseFactRow, type PurchaseFactStore } from "../purchase-fact-store";
import { DuckDbFactTableStore, type DuckDbFactTable } from "./duckdb-fact-table-store";

const TABLE = "purchase_facts";

const text = { type: "VARCHAR" } as const;
const cents = { type: "BIGINT" } as const;
const nullable = <T extends object>(column: T) => ({ ...column, nullable: true });

/** The columns' types, as PostgreSQL's migrations give them (BIGINT cents and instants, DOUBLE amounts for ordering). */
const TYPES: DuckDbFactTable<PurchaseFactRow>["types"] = {
  purchase_id: cents,
  order_id: nullable(cents),
  created_at: nullable(cents),
  available_at: nullable(cents),
  currency: text,
  currency_offer: text,
  offer_name: nullable(text),
  ...Object.fromEntries(FACT_DIMENSIONS.map((d) => [DIMENSION_COLUMN[d], text])),
  ...Object.fromEntries(SUM_COLUMNS.map((c) => [c, cents])),
  purchase_created_at: text,
  sort_product: text,
  sort_type: text,
  sort_method: text,
  sort_country: text,
  sale_amount: { type: "DOUBLE" },
  commission_amount: { type: "DOUBLE" },
  checkout_id: nullable(text),
  offer_code: nullable(text),
  checkout_initialized_at: text,
};

export class DuckDbPurchaseFactStore extends DuckDbFactTableStore<PurchaseFactRow> implements PurchaseFactStore {
  /** `file`: the DuckDB file (facts.duckdb in the data directory), made when missing. */
  constructor(file: string) {
    super(file, { rows: TABLE, columns: ROW_COLUMNS, days: "purchase_fact_days", valuesOf: rowValues, types: TYPES });
  }

  async aggregate(account: string, plan: PurchaseFactPlan): Promise<{ buckets: FactBucketGroup[]; orders: FactOrderGroup[] }> {
    if (plan.bucketStarts.length === 0) return { buckets: [], orders: [] };
    const rows = await this.snapshotRows<{ buckets: BucketRecord[]; orders: OrderRecord[] }>({ buckets: bucketStatement("duckdb", TABLE, account, plan), orders: orderStatement("duckdb", TABLE, account, plan) });
    return { buckets: rows.buckets.map(bucketGroupOf), orders: rows.orders.map(orderGroupOf) };
  }

  async summarize(account: string, plan: PurchaseFactPlan): Promise<FactSummaryGroups> {
    // Each aggregate scans the columns it names: no selection table to fill first (SQLite's way of reading the rows once).
    const rows = await this.snapshotRows<{ slots: SlotRecord[]; dims: DimRecord[]; labels: LabelRecord[]; funds: FundRecord[]; orders: OrderRecord[] }>({
      ...summaryStatements("duckdb", TABLE, account, plan),
      orders: orderStatement("duckdb", TABLE, account, plan),
    });
    return summaryGroupsOf(rows, rows.orders.map(orderGroupOf));
  }

  async purchasePage(account: string, request: FactPageRequest): Promise<FactPage> {
    return this.page(PURCHASE_PAGE, account, request);
  }

  async locatePurchases(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactPageItem[]> {
    return pageItemsOf(await this.ofIds<PageRecord, PurchaseFactPlan>(locateStatement, account, plan, ids), false);
  }

  async affiliateGroups(account: string, plan: PurchaseFactPlan): Promise<FactAffiliateGroups> {
    return affiliateGroupsOf(await this.snapshotRows<Parameters<typeof affiliateGroupsOf>[0]>(affiliateStatements("duckdb", TABLE, account, plan)));
  }

  async countSales(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactAffiliateCount[]> {
    return (await this.ofIds<AffiliateCountRecord, PurchaseFactPlan>(countSalesStatement, account, plan, ids)).map(affiliateCountOf);
  }

  async refundGroups(account: string, plan: PurchaseFactPlan): Promise<FactRefundGroups> {
    return refundGroupsOf(await this.snapshotRows<Parameters<typeof refundGroupsOf>[0]>(refundStatements("duckdb", TABLE, account, plan)));
  }

  async salesOf(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactSale[]> {
    return (await this.ofIds<SaleRecord, PurchaseFactPlan>(salesOfStatement, account, plan, ids)).map(saleOf);
  }

  async payoutSales(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Promise<PayoutSaleColumns> {
    // Arrays, one chunk of 2048 rows at a time: two years of a large account are a million rows.
    return this.connected(async (connection) => payoutColumnsOf(await this.arrays<PayoutRecord>(connection, payoutStatement("duckdb", TABLE, account, days, currency))));
  }

  async fundsDue(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"], window: { fromMs: number; toMs: number }): Promise<FactFundsDue[]> {
    return (await this.all<FundsDueRecord>(fundsDueStatement("duckdb", TABLE, account, days, currency, window))).map(fundsDueOf);
  }

  async checkouts(account: string, plan: PurchaseFactPlan): Promise<FactCheckoutValues[]> {
    const rows = await this.connected(async (connection) => [...(await this.arrays<FactCheckoutValues>(connection, checkoutsStatement("duckdb", TABLE, account, plan)))]);
    // The purchase id comes as a bigint, which a worker's caller (structured clone) and checkoutOf's Number() both take, but FactCheckoutValues says number.
    return rows.map((r) => [Number(r[0]), r[1], r[2], r[3], r[4], r[5]]);
  }
}
