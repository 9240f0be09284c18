import "server-only";

// The purchases fact store over an asynchronous back-end (PostgreSQL, DuckDB): every method once,
// the shared SQL run in the back-end's dialect by its fact table (postgres-fact-table-store.ts,
// duckdb/duckdb-fact-table-store.ts). SQLite's store is synchronous and keeps its own
// (sqlite-purchase-fact-store.ts).
import { daysOf } from "@/lib/calendar";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import {
  affiliateCountOf, affiliateGroupsOf, affiliateStatements, countSalesStatement, type AffiliateCountRecord,
  fundsDueOf, fundsDueStatement, offerCurrencyOf, offerCurrencyStatement, type OfferCurrencyRecord, payoutColumnsOf, payoutColumnsOfBatches, payoutColumnsOfStoredBatches, payoutColumnsToMove, payoutStatement, payoutTextsOf, payoutTextsStatement, type FundsDueRecord, type PayoutRecord,
  bucketGroupOf, bucketStatement, orderGroupOf, orderStatement, locateStatement, pageItemsOf, PURCHASE_PAGE, summaryGroupsOf, summaryStatements,
  type BucketRecord, type DimRecord, type FactDialect, type Numeric, type FactPageQueries, type FundRecord, type IdsStatement, type LabelRecord, type OrderRecord, type PageRecord, type PageRequest, type SlotRecord, type Statement,
} from "./purchase-fact-sql";
import { checkoutsStatement } from "./checkout-fact-sql";
import { choicesOfRows } from "./purchase-choice-sql";
import { batchDays, csvBatchOf, csvBatchStatement, csvPreambleOf, customersStatement, dayRowsStatement, duplicatesStatement, writeCustomersStatement, type DayRowsRecord } from "./purchase-csv-sql";
import { refundGroupsOf, refundStatements, saleColumnsOfBatches, saleOf, salesOfStatement, type SaleRecord } from "./refund-fact-sql";
import { saleColumnsOf, saleColumnsToMove, type FactSaleColumns } from "./fact-sale-columns";
import type { FactCsvBatch, FactCsvBatchRequest, FactCsvPreamble, FactRefundGroups, FactAffiliateCount, FactAffiliateGroups, FactBucketGroup, FactCheckoutValues, FactDayMeta, FactFundsDue, FactOfferCurrency, FactOrderGroup, FactPage, FactPurchaseChoices, FactPageItem, FactPageOf, FactPageRequest, FactSummaryGroups, PurchaseFactPlan, PurchaseSummaryPlan, PurchaseFactRow, PurchaseFactStore } from "./purchase-fact-store";

type Rows = Record<string, readonly object[]>;

/** Reads within one snapshot of the back-end: a statement's rows as objects or as arrays. */
export interface SnapshotReader {
  all<T extends object>(statement: Statement): Promise<T[]>;
  arrays<T>(statement: Statement): Promise<T[]>;
  /**
   * A statement's rows read on another connection from the same snapshot, while this reader goes
   * on (PostgreSQL's snapshot and scratch reads: two cores read at once); it reads no temporary
   * table of this reader's. Absent where the back-end has one connection per read.
   */
  beside?<T extends object>(statement: Statement): Promise<T[]>;
}

/** A fact table on an asynchronous back-end: its days written and forgotten, and the shared SQL's statements read in its dialect. */
/** Some rows of a statement a column at a time: `column(c)` holds column c's value of each row (a DOUBLE's as a number, NULL as NaN). */
export interface ColumnBatch {
  length: number;
  column(c: number): ArrayLike<unknown>;
}

export interface AsyncFactTable<Row> {
  readonly dialect: FactDialect;
  readonly table: string;
  /** The table of the days' marks. */
  readonly days: string;
  /**
   * `alongside`: a statement run after the day's mark is written, in its transaction (the
   * purchases' sealed customer cells); `dayValues`: the same cells as values of the marks' further
   * columns, which a back-end that writes its marks in batches (DuckDB) writes with the mark instead.
   */
  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly Row[], alongside?: Statement, dayValues?: readonly unknown[]): Promise<void>;
  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]>;
  forget(account: string): Promise<void>;
  /** The account forgotten here and in `others` (tables of the same file or database), in one transaction: never half forgotten. */
  forgetWith(account: string, others: ReadonlyArray<{ readonly table: string; readonly days: string }>): Promise<void>;
  close(): Promise<void>;
  all<T extends object>(statement: Statement): Promise<T[]>;
  /** Reads of the caller's, one after the other, from one snapshot. */
  snapshotRead<T>(read: (reader: SnapshotReader) => Promise<T>): Promise<T>;
  /** Reads of the caller's from one snapshot on one connection, which may make and fill temporary tables of its own (the Abandonment panels' selections, gone when the read ends). */
  scratchRead<T>(read: (reader: SnapshotReader) => Promise<T>): Promise<T>;
  /** Each named statement's rows, from one snapshot. */
  snapshotRows<R extends Rows>(statements: { [K in keyof R]: Statement }): Promise<R>;
  /** Each named statement's rows, as the back-end reads several best (side by side on a pool, or from one snapshot). */
  together<R extends Rows>(statements: { [K in keyof R]: Statement }): Promise<R>;
  /** The rows of some ids within a plan: none asked, none read. */
  ofIds<T extends object, Plan>(statementOf: IdsStatement<Plan>, account: string, plan: Plan, ids: readonly number[]): Promise<T[]>;
  /** `counted`: the page's count from elsewhere in its snapshot (null: from the rows), where the back-end keeps one. */
  page<Request extends PageRequest, T extends object, Item>(queries: FactPageQueries<Request, T, Item>, account: string, request: Request, counted?: (reader: SnapshotReader) => Promise<number | null>): Promise<FactPageOf<Item>>;
  /** A statement's rows as arrays (a million rows are not a million objects), given to `consume`. */
  arrays<T, A>(statement: Statement, consume: (rows: Iterable<T>) => A): Promise<A>;
  /**
   * A statement's rows as batches of columns, given to `consume` as they come from the engine (a
   * batch is read before the next is fetched: no answer is held whole beside its columns): a
   * back-end whose driver hands out a column at a time (DuckDB) has it; PostgreSQL's sends rows.
   */
  columns?<A>(statement: Statement, consume: (batches: AsyncIterable<ColumnBatch>) => Promise<A>): Promise<A>;
  /** `compute`'s answer for the account, kept while no write lands (lib/store/kept-answers.ts): `question` names the rest of it (the method and its plan), as JSON. */
  kept<T extends object>(account: string, question: readonly unknown[], compute: () => Promise<T>): Promise<T>;
}

export class AsyncPurchaseFactStore implements PurchaseFactStore {
  private readonly dialect: FactDialect;
  private readonly table: string;

  constructor(protected readonly facts: AsyncFactTable<PurchaseFactRow>) {
    ({ dialect: this.dialect, table: this.table } = facts);
  }

  /** With the day's mark, in its transaction, the day's sealed customer cells; rows written without them (never by the mirror) keep none of an older fetch. */
  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly PurchaseFactRow[], customers?: Uint8Array | null): Promise<void> {
    return this.facts.replaceDay(account, day, fetchedAt, rows, writeCustomersStatement(this.dialect, this.facts.days, account, day, customers ?? null), [customers ?? null]);
  }

  csvPreamble(account: string, days: { from: string; to: string }): Promise<FactCsvPreamble> {
    return this.facts.snapshotRead(async (reader) =>
      csvPreambleOf(
        await reader.all<{ purchase_id: Numeric; day: string }>(duplicatesStatement(this.dialect, this.table, account, days)),
        await reader.all<DayRowsRecord>(dayRowsStatement(this.dialect, this.facts.days, account, days)),
      ),
    );
  }

  /**
   * A batch's rows as arrays (thousands of rows, not objects), and its days' sealed cells, from
   * one snapshot. The rows come as their JSON text (csvBatchStatement's `asJson`), handed on as
   * they are: the main thread parses them (jsonRows).
   */
  csvBatch(account: string, request: FactCsvBatchRequest): Promise<FactCsvBatch> {
    return this.facts.snapshotRead(async (reader) => {
      const rows = (await reader.arrays<[string]>(csvBatchStatement(this.dialect, this.table, account, request, true))).map((r) => r[0]);
      const days = batchDays(rows);
      return csvBatchOf(rows, days, days.length === 0 ? [] : await reader.all<{ day: string; fetched_at: Numeric; sealed: Uint8Array }>(customersStatement(this.dialect, this.facts.days, account, days)));
    });
  }

  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.facts.readDayMeta(account, days);
  }

  forget(account: string): Promise<void> {
    return this.facts.forget(account);
  }

  close(): Promise<void> {
    return this.facts.close();
  }

  // The aggregates below are kept while no write lands (AsyncFactTable's kept): a second visit of a report reads none of them again.
  async aggregate(account: string, plan: PurchaseFactPlan): Promise<{ buckets: FactBucketGroup[]; orders: FactOrderGroup[] }> {
    if (plan.bucketStarts.length === 0) return { buckets: [], orders: [] };
    return this.facts.kept(account, ["aggregate", plan], async () => {
      const rows = await this.facts.together<{ buckets: BucketRecord[]; orders: OrderRecord[] }>({ buckets: bucketStatement(this.dialect, this.table, account, plan), orders: orderStatement(this.dialect, this.table, account, plan) });
      return { buckets: rows.buckets.map(bucketGroupOf), orders: rows.orders.map(orderGroupOf) };
    });
  }

  summarize(account: string, plan: PurchaseSummaryPlan): Promise<FactSummaryGroups> {
    return this.facts.kept(account, ["summarize", plan], async () => {
      const rows = await this.facts.together<{ slots: SlotRecord[]; dims: DimRecord[]; labels: LabelRecord[]; funds: FundRecord[]; orders: OrderRecord[] }>({
        ...summaryStatements(this.dialect, this.table, account, plan),
        orders: orderStatement(this.dialect, this.table, account, plan),
      });
      return summaryGroupsOf(rows, rows.orders.map(orderGroupOf));
    });
  }

  purchasePage(account: string, request: FactPageRequest): Promise<FactPage> {
    return this.facts.page(PURCHASE_PAGE, account, request);
  }

  async locatePurchases(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactPageItem[]> {
    return pageItemsOf(await this.facts.ofIds<PageRecord, PurchaseFactPlan>(locateStatement, account, plan, ids), false);
  }

  affiliateGroups(account: string, plan: PurchaseFactPlan): Promise<FactAffiliateGroups> {
    return this.facts.kept(account, ["affiliateGroups", plan], async () =>
      affiliateGroupsOf(await this.facts.snapshotRows<Parameters<typeof affiliateGroupsOf>[0]>(affiliateStatements(this.dialect, this.table, account, plan))),
    );
  }

  async countSales(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactAffiliateCount[]> {
    return (await this.facts.ofIds<AffiliateCountRecord, PurchaseFactPlan>(countSalesStatement, account, plan, ids)).map(affiliateCountOf);
  }

  refundGroups(account: string, plan: PurchaseFactPlan): Promise<FactRefundGroups> {
    return this.facts.kept(account, ["refundGroups", plan], async () =>
      refundGroupsOf(await this.facts.snapshotRows<Parameters<typeof refundGroupsOf>[0]>(refundStatements(this.dialect, this.table, account, plan))),
    );
  }

  /** Kept while nothing is written, as events are (async-event-fact-store.ts): the sales two years of refunds name are read again on every visit. A fresh copy either way: its columns move. */
  async salesOf(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactSaleColumns> {
    return saleColumnsToMove(
      await this.facts.kept(account, ["salesOf", plan, ids], async () => {
        // DuckDB's a column at a time: two years of refunds at scale 20 name ~33 k sales.
        if (this.dialect === "duckdb" && this.facts.columns && ids.length > 0) return this.facts.columns(salesOfStatement(this.dialect, this.table, account, plan, ids), saleColumnsOfBatches);
        return saleColumnsOf((await this.facts.ofIds<SaleRecord, PurchaseFactPlan>(salesOfStatement, account, plan, ids)).map(saleOf));
      }),
    );
  }

  async payoutSales(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Promise<PayoutSaleColumns> {
    // DuckDB sends the currency and product as places in the range's lists of them, read first (payoutStatement says why).
    if (this.dialect === "duckdb" && this.facts.columns) {
      // The days' marks count their rows: the columns are sized to them before the answer streams in.
      const [textRows, marks] = await Promise.all([this.facts.all<{ currency: string; product: string | null }>(payoutTextsStatement(this.dialect, this.table, account, days, currency)), this.facts.readDayMeta(account, daysOf(days.from, days.to))]);
      const texts = payoutTextsOf(textRows);
      const rows = marks.reduce((n, m) => n + m.count, 0);
      // As stored, put in the records' order here (payoutStatement's PayoutOrder); sorted by DuckDB only when the rows do not come a day at a time.
      const columns = (await this.facts.columns(payoutStatement(this.dialect, this.table, account, days, currency, texts, "stored"), (batches) => payoutColumnsOfStoredBatches(batches, texts, rows))) ?? (await this.facts.columns(payoutStatement(this.dialect, this.table, account, days, currency, texts), (batches) => payoutColumnsOfBatches(batches, texts, rows)));
      // A fresh answer, read by no one here again: its columns move to the caller's thread (transfer.ts).
      return payoutColumnsToMove(columns);
    }
    // A table without columns (every DuckDB table has them): its rows.
    return this.facts.arrays<PayoutRecord, PayoutSaleColumns>(payoutStatement(this.dialect, this.table, account, days, currency), (rows) => payoutColumnsToMove(payoutColumnsOf(rows)));
  }

  offerCurrencies(account: string, days: { from: string; to: string }, instants?: { fromMs: number; toMs: number }): Promise<FactOfferCurrency[]> {
    return this.facts.kept(account, ["offerCurrencies", days, instants ?? null], async () => (await this.facts.all<OfferCurrencyRecord>(offerCurrencyStatement(this.dialect, this.table, account, days, instants))).map(offerCurrencyOf));
  }

  /**
   * One snapshot, in a scratch read: PostgreSQL then groups in memory (a scratch read's work_mem)
   * what it sorted in files with its default (two years at scale 20: 2.5 s sorted, 0.8 s hashed).
   */
  choices(account: string, plan: PurchaseFactPlan): Promise<FactPurchaseChoices> {
    return this.facts.kept(account, ["choices", plan], () =>
      this.facts.scratchRead((reader) => choicesOfRows(reader, this.dialect, this.table, account, plan)),
    );
  }

  // Kept too: the Overview asks it on every visit, over the whole history (1.4-1.6 s of a PostgreSQL revisit at scale 20), and its window moves once a day.
  fundsDue(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"], window: { fromMs: number; toMs: number }): Promise<FactFundsDue[]> {
    return this.facts.kept(account, ["fundsDue", days, currency, window], async () => (await this.facts.all<FundsDueRecord>(fundsDueStatement(this.dialect, this.table, account, days, currency, window))).map(fundsDueOf));
  }

  checkouts(account: string, plan: PurchaseFactPlan): Promise<FactCheckoutValues[]> {
    // DuckDB answers the purchase id as a bigint: a number, as FactCheckoutValues says (PostgreSQL's text is read by checkoutOf).
    return this.facts.arrays<FactCheckoutValues, FactCheckoutValues[]>(checkoutsStatement(this.dialect, this.table, account, plan), (rows) => Array.from(rows, (r) => (typeof r[0] === "bigint" ? [Number(r[0]), r[1], r[2], r[3], r[4], r[5]] : r)));
  }
}
