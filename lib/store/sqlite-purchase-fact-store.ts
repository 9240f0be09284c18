import "server-only";

// The purchases fact table's embedded back-end: one SQLite file under the data directory,
// typed columns and indexes (lib/store/purchase-fact-store.ts). better-sqlite3 is synchronous:
// a day's rows are replaced in one transaction, and a query runs to its end without another
// statement between its two parts.
import { SqliteFactTableStore } from "./sqlite-fact-table-store";
import {
  affiliateCountOf, affiliateGroupsOf, affiliateStatements, countSalesStatement, type AffiliateCountRecord,
  fundsDueOf, fundsDueStatement, offerCurrencyOf, offerCurrencyStatement, type OfferCurrencyRecord, payoutColumnsOf, payoutColumnsToMove, payoutStatement, type FundsDueRecord, type PayoutRecord,
  bucketGroupOf, bucketStatement, orderGroupOf, orderStatement, locateStatement, pageItemsOf, PURCHASE_PAGE, CSV_COLUMNS, ROW_COLUMNS, rowValues, SELECTION_COLUMNS, selectionStatement, summaryGroupsOf, summaryStatements,
  type BucketRecord, type DimRecord, type FundRecord, type LabelRecord, type OrderRecord, type PageRecord, type SlotRecord,
} from "./purchase-fact-sql";
import { checkoutsStatement } from "./checkout-fact-sql";
import { builtOfGroups, choiceGroupsStatement, choiceLabelsStatement, type PurchaseChoiceGroupRecord, type PurchaseChoiceLabelRecord } from "./purchase-choice-sql";
import { batchDays, csvBatchOf, csvBatchStatement, csvPreambleOf, CUSTOMERS_COLUMN, customersStatement, dayRowsStatement, duplicatesStatement, writeCustomersStatement, type DayRowsRecord } from "./purchase-csv-sql";
import { refundGroupsOf, refundStatements, saleOf, salesOfStatement, type SaleRecord } from "./refund-fact-sql";
import { saleColumnsOf, saleColumnsToMove, type FactSaleColumns } from "./fact-sale-columns";
import type { FactCsvBatch, FactCsvBatchRequest, FactCsvPreamble, FactRefundGroups, FactAffiliateCount, FactAffiliateGroups, FactBucketGroup, FactCheckoutValues, FactFundsDue, FactOfferCurrency, FactOrderGroup, FactPage, FactPurchaseChoices, FactPageItem, FactPageRequest, FactSummaryGroups, PurchaseFactPlan, PurchaseSummaryPlan, PurchaseFactRow, PurchaseFactStore } from "./purchase-fact-store";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";

/** The purchases fact table in the mirror's file (the carts' store reads it beside its own: cart-panel-sql.ts). */
export const PURCHASE_FACTS = "purchase_facts";
const TABLE = PURCHASE_FACTS;
const DAYS = "purchase_fact_days";
const SELECTION = "temp.purchase_selection";

export class SqlitePurchaseFactStore extends SqliteFactTableStore<PurchaseFactRow> implements PurchaseFactStore {
  constructor(file: string) {
    super(file, {
      rows: TABLE,
      columns: ROW_COLUMNS,
      days: DAYS,
      // The CSV's columns came last: a table made before them is emptied (sqlite-fact-open.ts).
      requiredColumn: "amount_creator_net",
      valuesOf: rowValues,
      schema: `
        CREATE TABLE IF NOT EXISTS ${TABLE} (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL,
          purchase_id INTEGER NOT NULL, order_id INTEGER, created_at INTEGER, available_at INTEGER,
          currency TEXT NOT NULL, currency_offer TEXT NOT NULL, offer_name TEXT,
          product TEXT NOT NULL, offer TEXT NOT NULL, purchase_type TEXT NOT NULL, payment_method TEXT NOT NULL,
          psp TEXT NOT NULL, card_brand TEXT NOT NULL, country TEXT NOT NULL, affiliate TEXT NOT NULL,
          transaction_cents INTEGER NOT NULL, items_gross_cents INTEGER NOT NULL, items_net_cents INTEGER NOT NULL,
          shipping_cents INTEGER NOT NULL, taxes_cents INTEGER NOT NULL, platform_fees_cents INTEGER NOT NULL,
          creator_net_cents INTEGER NOT NULL, affiliation_cents INTEGER NOT NULL, affiliation_net_cents INTEGER NOT NULL,
          refunded_cents INTEGER NOT NULL, commission_lost_cents INTEGER NOT NULL,
          purchase_created_at TEXT NOT NULL, sort_product TEXT NOT NULL, sort_type TEXT NOT NULL, sort_method TEXT NOT NULL,
          sort_country TEXT NOT NULL, sale_amount REAL NOT NULL, commission_amount REAL NOT NULL,
          checkout_id TEXT, offer_code TEXT, checkout_initialized_at TEXT NOT NULL,
          raw_psp TEXT, raw_card_brand TEXT, raw_affiliate_name TEXT, incoming_available_at TEXT,
          ${CSV_COLUMNS.slice(4).map((c) => `${c} REAL`).join(", ")},
          PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS ${TABLE}_time ON ${TABLE} (account, created_at);
        CREATE INDEX IF NOT EXISTS ${TABLE}_product ON ${TABLE} (account, product, created_at);
        CREATE INDEX IF NOT EXISTS ${TABLE}_offer ON ${TABLE} (account, offer, created_at);
        CREATE INDEX IF NOT EXISTS ${TABLE}_affiliate ON ${TABLE} (account, affiliate, created_at);
        CREATE INDEX IF NOT EXISTS ${TABLE}_id ON ${TABLE} (account, purchase_id);
        CREATE INDEX IF NOT EXISTS ${TABLE}_refunded ON ${TABLE} (account, created_at) WHERE refunded_cents > 0;`,
    });
    // The days' marks keep a day's sealed customer cells (the CSV's): a file made before has the column added (the base makes the table without it).
    const marks = this.db.prepare(`PRAGMA table_info(${DAYS})`).all() as Array<{ name: string }>;
    if (!marks.some((c) => c.name === CUSTOMERS_COLUMN)) this.db.exec(`ALTER TABLE ${DAYS} ADD COLUMN ${CUSTOMERS_COLUMN} BLOB`);
  }

  private readonly replaceWithCustomers = this.db.transaction((account: string, day: string, fetchedAt: number, rows: readonly PurchaseFactRow[], customers: Uint8Array | null) => {
    this.statements.replace(account, day, fetchedAt, rows);
    // The mark was written anew: rows written without their cells (never by the mirror) keep none of an older fetch.
    const write = writeCustomersStatement("sqlite", DAYS, account, day, customers);
    this.db.prepare(write.text).run(...write.args);
  });

  override async replaceDay(account: string, day: string, fetchedAt: number, rows: readonly PurchaseFactRow[], customers?: Uint8Array | null): Promise<void> {
    this.replaceWithCustomers(account, day, fetchedAt, rows, customers ?? null);
  }

  async csvPreamble(account: string, days: { from: string; to: string }): Promise<FactCsvPreamble> {
    return this.db.transaction(() => {
      return csvPreambleOf(this.all<{ purchase_id: number; day: string }>(duplicatesStatement("sqlite", TABLE, account, days)), this.all<DayRowsRecord>(dayRowsStatement("sqlite", DAYS, account, days)));
    })();
  }

  async csvBatch(account: string, request: FactCsvBatchRequest): Promise<FactCsvBatch> {
    return this.db.transaction(() => {
      const statement = csvBatchStatement("sqlite", TABLE, account, request, true);
      // Each row's JSON text: the rows cross to the main thread as one string each.
      const rows = this.db.prepare(statement.text).pluck(true).all(...statement.args) as string[];
      const days = batchDays(rows);
      return csvBatchOf(rows, days, days.length === 0 ? [] : this.all(customersStatement("sqlite", DAYS, account, days)));
    })();
  }

  async aggregate(account: string, plan: PurchaseFactPlan): Promise<{ buckets: FactBucketGroup[]; orders: FactOrderGroup[] }> {
    if (plan.bucketStarts.length === 0) return { buckets: [], orders: [] };
    const buckets = bucketStatement("sqlite", TABLE, account, plan);
    const orders = orderStatement("sqlite", TABLE, account, plan);
    return {
      buckets: this.all<BucketRecord>(buckets).map(bucketGroupOf),
      orders: this.all<OrderRecord>(orders).map(orderGroupOf),
    };
  }

  async summarize(account: string, plan: PurchaseSummaryPlan): Promise<FactSummaryGroups> {
    // The plan's rows are read from the fact table once, into a table in memory, and every
    // aggregate groups that: one pass over the index and the rows it points to, not five.
    return this.db.transaction(() => {
      this.db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${SELECTION} (${SELECTION_COLUMNS.join(", ")}); DELETE FROM ${SELECTION};`);
      const fill = selectionStatement("sqlite", TABLE, account, plan, SELECTION);
      this.db.prepare(fill.text).run(...fill.args);
      const statements = summaryStatements("sqlite", TABLE, account, plan, SELECTION);
      const orders = orderStatement("sqlite", TABLE, account, plan, SELECTION);
      const groups = summaryGroupsOf(
        { slots: this.all<SlotRecord>(statements.slots), dims: this.all<DimRecord>(statements.dims), labels: this.all<LabelRecord>(statements.labels), funds: this.all<FundRecord>(statements.funds) },
        this.all<OrderRecord>(orders).map(orderGroupOf),
      );
      this.db.exec(`DELETE FROM ${SELECTION}`);
      return groups;
    })();
  }

  async purchasePage(account: string, request: FactPageRequest): Promise<FactPage> {
    return this.page(PURCHASE_PAGE, account, request);
  }

  async locatePurchases(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactPageItem[]> {
    return pageItemsOf(this.ofIds<PageRecord, PurchaseFactPlan>(locateStatement, account, plan, ids), false);
  }


  async affiliateGroups(account: string, plan: PurchaseFactPlan): Promise<FactAffiliateGroups> {
    return affiliateGroupsOf(this.transactionRows<Parameters<typeof affiliateGroupsOf>[0]>(affiliateStatements("sqlite", TABLE, account, plan)));
  }

  async countSales(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactAffiliateCount[]> {
    return this.ofIds<AffiliateCountRecord, PurchaseFactPlan>(countSalesStatement, account, plan, ids).map(affiliateCountOf);
  }


  async refundGroups(account: string, plan: PurchaseFactPlan): Promise<FactRefundGroups> {
    return refundGroupsOf(this.transactionRows<Parameters<typeof refundGroupsOf>[0]>(refundStatements("sqlite", TABLE, account, plan)));
  }

  async salesOf(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactSaleColumns> {
    return saleColumnsToMove(saleColumnsOf(this.ofIds<SaleRecord, PurchaseFactPlan>(salesOfStatement, account, plan, ids).map(saleOf)));
  }


  async payoutSales(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Promise<PayoutSaleColumns> {
    const statement = payoutStatement("sqlite", TABLE, account, days, currency);
    // Arrays, not objects, row after row: two years of a large account are a million rows.
    // A fresh answer, read by no one here again: its columns move to the caller's thread (worker/transfer.ts).
    return payoutColumnsToMove(payoutColumnsOf(this.db.prepare(statement.text).raw(true).iterate(...statement.args) as IterableIterator<PayoutRecord>));
  }

  async offerCurrencies(account: string, days: { from: string; to: string }, instants?: { fromMs: number; toMs: number }): Promise<FactOfferCurrency[]> {
    return this.all<OfferCurrencyRecord>(offerCurrencyStatement("sqlite", TABLE, account, days, instants)).map(offerCurrencyOf);
  }

  async choices(account: string, plan: PurchaseFactPlan): Promise<FactPurchaseChoices> {
    return this.db.transaction(() => {
      const built = builtOfGroups(this.all<PurchaseChoiceGroupRecord>(choiceGroupsStatement("sqlite", TABLE, account, plan)));
      return built.choices(built.newest.size === 0 ? [] : this.all<PurchaseChoiceLabelRecord>(choiceLabelsStatement("sqlite", TABLE, account, plan, built.newest)));
    })();
  }

  async fundsDue(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"], window: { fromMs: number; toMs: number }): Promise<FactFundsDue[]> {
    const statement = fundsDueStatement("sqlite", TABLE, account, days, currency, window);
    return this.all<FundsDueRecord>(statement).map(fundsDueOf);
  }

  async checkouts(account: string, plan: PurchaseFactPlan): Promise<FactCheckoutValues[]> {
    const statement = checkoutsStatement("sqlite", TABLE, account, plan);
    return this.db.prepare(statement.text).raw().all(...statement.args) as FactCheckoutValues[];
  }
}
