// The purchases fact store: one typed row per purchase record of each day the mirror holds,
// amounts in integer cents, times as epoch milliseconds, every dimension Revenue filters or
// groups by as a column, so a filtered report is one indexed aggregate instead of opening
// every sealed day of its range. No customer personal data (name, e-mail, phone, address,
// card digits) in a column: those stay in the sealed day blobs, and the purchases CSV's masked
// cells in one blob per day the mirror seals (replaceDay's `customers`). The rows of a day are replaced
// together, in one transaction, whenever the mirror stores that day. Rows are made by
// lib/query/purchase-facts.ts; queries are planned by lib/query/purchase-query.ts and run here.
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import type { FactSaleColumns } from "./fact-sale-columns";

/** Dimension columns, holding the breakdowns' keys ("none" for a record without the field). */
export const FACT_DIMENSIONS = ["product", "offer", "purchaseType", "paymentMethod", "psp", "cardBrand", "country", "affiliate"] as const;
export type FactDimension = (typeof FACT_DIMENSIONS)[number];

/** Cent columns, in the order of lib/analytics/purchase-summary's SUM_FIELDS. */
export const FACT_SUMS = ["transaction", "itemsGross", "itemsNet", "shipping", "taxes", "platformFees", "creatorNet", "affiliation", "affiliationNet", "refunded", "commissionLost"] as const;

export interface PurchaseFactRow {
  purchaseId: number;
  orderId: number | null;
  /** checkoutInitializedAt (the column the API and the reports place a sale by), epoch ms; null when unreadable. */
  createdAt: number | null;
  /** incomingAvailableAt, epoch ms; null when absent or unreadable. */
  availableAt: number | null;
  /** The record's own currency; "" when it came without one (placed at query time, as the reports do). */
  currency: string;
  /** The offer code of a record without a currency ("" for none): what places its currency. */
  currencyOffer: string;
  /** The offer's name as the record gives it (the offer breakdown's label). */
  offerName: string | null;
  /** What the Abandonment report reads of a purchase (FactCheckout): the record's checkoutId and offerCode as given, and checkoutInitializedAt as written. */
  checkout: { checkoutId: string | null; offerCode: string | null; createdText: string };
  dims: Record<FactDimension, string>;
  /** Cents, in the order of FACT_SUMS. */
  sums: number[];
  /** What the purchases table shows and sorts by (lib/reports/server/purchase-rows.ts). */
  table: FactTableKeys;
  /** What the purchases CSV writes that no other column holds, as the record gives it (lib/query/purchase-csv-query.ts, lib/store/purchase-csv-sql.ts). */
  csv: FactCsvValues;
}

/** The CSV's money columns the row holds as the record gives them (null when absent), in this order; amountTransaction is the table's `sale`. */
export const FACT_CSV_AMOUNTS = ["amountRefunded", "amountAffiliation", "amountAffiliationNet", "amountItemsGross", "amountItemsNet", "amountShippingNet", "amountTaxes", "amountCreatorPlatformFee", "amountCreatorTax", "amountCreatorNet"] as const;

/** The record's own values the purchases CSV writes: no personal data (those are sealed per day: FactCsvBatch's customers). */
export interface FactCsvValues {
  psp: string | null;
  cardBrand: string | null;
  affiliateName: string | null;
  incomingAvailableAt: string | null;
  /** FACT_CSV_AMOUNTS' values. */
  amounts: Array<number | null>;
}

/** Where a CSV's cursor stands: after this row (the records' order is newest day first, a day by seq). */
export interface FactCsvCursor { day: string; seq: number }

/** One batch of the purchases CSV's rows: a plan's range after its filters, its currency placed, in the records' order. */
export interface FactCsvBatchRequest {
  plan: PurchaseFactPlan;
  /** null: from the first row. */
  after: FactCsvCursor | null;
  limit: number;
  /**
   * The oldest UTC day the batch reads (the plan's first when absent): a window of a few days
   * chosen by their stored counts, so that a column store reads those days' rows, not the rest
   * of the range, to find the batch's (purchase-csv-query.ts's csvWindowStart).
   */
  oldestDay?: string;
}

/**
 * A batch's rows, each the JSON text of its array (not an object: from the worker thread an
 * object's names are copied with each row): [day, seq, ...FACT_CSV_FIELDS' values but the sealed
 * ones]. `customers`: per day of the batch, the day's sealed customer cells as the mirror wrote
 * them with the rows, and the fetch they were written for; null when the day has none.
 */
export interface FactCsvBatch {
  /** The rows, each as the JSON text of its array: one string a row crosses from a worker thread or is parsed by pg, not thirty values (purchase-csv-sql.ts). */
  rows: string[];
  customers: Array<{ day: string; fetchedAt: number; sealed: Uint8Array } | { day: string; fetchedAt: null; sealed: null }>;
}

/**
 * What a CSV of the UTC days needs before its first batch: the purchases stored on more than one
 * of them (their newest day), how many days have rows but no sealed customers, and each day's
 * stored rows, newest day first (before any filter: what the batches' windows are cut by).
 */
export interface FactCsvPreamble {
  duplicates: Array<[purchaseId: number, newestDay: string]>;
  unsealedDays: number;
  dayRows: Array<[day: string, rows: number]>;
}

/**
 * The purchases table's sort values, exactly as it reads them off a record: raw values, not the
 * breakdowns' keys ("" and null are "" here, where the dimension says "none"), and the amounts
 * as the record gives them (for ordering only; every figure is summed from the cent columns).
 */
export interface FactTableKeys {
  /** purchaseCreatedAt as the record writes it: the table sorts by the text. */
  createdAt: string;
  product: string;
  type: string;
  method: string;
  country: string;
  /** amountTransaction (a creator's amount), 0 when absent. */
  sale: number;
  /** amountAffiliation (an affiliate's amount), 0 when absent. */
  commission: number;
}

/** The purchases table's sort keys (PURCHASE_SORT_KEYS); "amount" is the sale or the commission by key type. */
export type FactSortKey = "createdAt" | "amount" | "product" | "type" | "method" | "country";

/**
 * A page of a fact table's rows, as its report's table asks it (purchases, orders): the range
 * (days, [bucketStarts[0], endMs)) and filters of a plan, whose currency placement is not used,
 * and one of the table's sort keys.
 */
export interface FactPageRequestOf<Plan, Sort extends string> {
  plan: Plan;
  sort: Sort;
  dir: "asc" | "desc";
  /** 1-based; past the last page, the last page is answered (as the table's pageOf does). */
  page: number;
  pageSize: number;
}

export interface FactPageOf<Item> { total: number; page: number; items: Item[] }

export interface FactPageRequest extends FactPageRequestOf<PurchaseFactPlan, FactSortKey> {
  amount: "sale" | "commission";
}

/** Where a purchase of a page lives: its sealed day, and its position among the day's rows. */
export interface FactPageItem { purchaseId: number; day: string; seq: number }

export type FactPage = FactPageOf<FactPageItem>;

/** An aggregate of a fact table (purchases, orders), planned in lib/query (instants, buckets, currency placement). */
export interface FactPlanOf<Dimension extends string> {
  /** The UTC days whose stored records the report reads (both inclusive). */
  days: { from: string; to: string };
  /** Local bucket i holds createdAt in [bucketStarts[i], bucketStarts[i + 1]), the last one up to endMs. */
  bucketStarts: number[];
  endMs: number;
  /** Per dimension, the accepted keys; an absent or empty list accepts all. */
  filters: Partial<Record<Dimension, readonly string[]>>;
  /** How a record without a currency is placed: its offer's told currency, else the setting, else "unknown" per offer. */
  currency: { offers: ReadonlyArray<readonly [string, string]>; setting: string | null };
}

/** A purchases aggregate. */
export type PurchaseFactPlan = FactPlanOf<FactDimension>;

/** A purchases summary's plan (its buckets are not used). */
export interface PurchaseSummaryPlan extends PurchaseFactPlan {
  /**
   * The zone's constant-offset segments ([from, to, offset] ms, `to` exclusive) over the range and
   * after it, when the summary is read in local days or longer and every offset and change falls
   * on a quarter hour: the slots of a local day may then be one group (FactSummaryGroups).
   */
  localDays?: ReadonlyArray<readonly [number, number, number]> | null;
}

export interface FactBucketGroup {
  currency: string;
  bucket: number;
  purchases: number;
  /** Cents, in the order of FACT_SUMS. */
  sums: number[];
}

export interface FactOrderGroup {
  currency: string;
  /** Distinct orders, a purchase without an orderId being an order of its own. */
  orders: number;
  frontOrders: number;
  bump: number;
  upsell: number;
  downsell: number;
}

/** Everything a purchase summary holds, per currency, for the rows of a plan's range (its buckets are not used). */
export interface FactSummaryGroups {
  /**
   * Per 15-minute slot of createdAt (epoch ms / 900,000): purchases and sums (cents, FACT_SUMS
   * order). With the plan's localDays, per local day and UTC day instead, keyed by the earliest
   * slot of its rows: every bucket of a day or longer, and every UTC day, holds the same rows.
   */
  slots: Array<{ currency: string; slot: number; purchases: number; sums: number[] }>;
  /** Per dimension (index into FACT_DIMENSIONS) and key: purchases, transaction and affiliation cents. */
  dims: Array<{ currency: string; dimension: number; key: string; purchases: number; transaction: number; affiliation: number }>;
  /** Each offer's label: the name its first row carries in the records' order (newest day first, a day in its stored order). */
  labels: Array<{ currency: string; offer: string; label: string | null }>;
  /**
   * Per 15-minute slot of availableAt (with localDays, per local day, keyed by its earliest slot): creator net and
   * affiliation net cents, purchases; `kind` 2. Kind 0: no availability date; kind 1: before 1970 (already paid).
   */
  funds: Array<{ currency: string; kind: number; slot: number; creatorNet: number; affiliationNet: number; purchases: number }>;
  orders: FactOrderGroup[];
}

/** One affiliate key's sums in a currency ("none": the sales without an affiliate); cents. */
export interface FactAffiliateSums {
  currency: string;
  /** The dimension key as stored (the name as the record gives it, "none" for none). */
  affiliate: string;
  sales: number;
  transaction: number;
  creatorNet: number;
  affiliation: number;
  /** Sales with refunded cents above zero. */
  refunded: number;
  /** Front sales without an orderId: each an order of its own. */
  loneFronts: number;
}

/** An affiliate's checkouts in a currency: distinct orders holding one of its front sales there, and which of them took a bump, an upsell (all of the order's rows in the plan, of that currency). */
export interface FactAffiliateOrders { currency: string; affiliate: string; frontOrders: number; bump: number; upsell: number }

/** What the Affiliates leaderboard reads of a plan's rows (lib/query/affiliate-query.ts). */
export interface FactAffiliateGroups {
  sums: FactAffiliateSums[];
  orders: FactAffiliateOrders[];
  /** The UTC days (YYYY-MM-DD) of createdAt holding a row: the sale days a comparison's coverage is judged by. */
  days: string[];
}

/** How many of the given sales a currency and affiliate key hold among the plan's rows. */
export interface FactAffiliateCount { currency: string; affiliate: string; sales: number }

/** A currency's sums of the Refunds report, dated by sale, over a plan's rows after its filters (cents). */
export interface FactRefundSums {
  currency: string;
  sales: number;
  transaction: number;
  /** Sales with refunded cents above zero; `full` of them refunded at least their transaction, `partial` the others. */
  refunds: number;
  full: number;
  partial: number;
  refunded: number;
  /** The refunded sales' commission_lost cents (each its saleLossCents without a dispute). */
  commissionLost: number;
}

/** The refunded sales of a currency with one key of a dimension: how many, their refunded and commission_lost cents. */
export interface FactRefundCell { currency: string; dimension: FactDimension; key: string; sales: number; refunded: number; commissionLost: number }

/** What the Refunds report reads of a plan's rows (lib/query/refund-query.ts). */
export interface FactRefundGroups {
  sums: FactRefundSums[];
  /** By product, offer, purchaseType, paymentMethod and psp: the refunded sales only. */
  cells: FactRefundCell[];
  /** Each offer's label among the refunded sales: the name its first such row carries in the records' order (newest day first, a day in its stored order). */
  labels: Array<{ currency: string; offer: string; label: string | null }>;
  /** The UTC days (YYYY-MM-DD) of createdAt holding a row (every sale, refunded or not). */
  days: string[];
}

/** A sale among a plan's rows, as a chargeback's sale is read (cents; its currency placed). */
export interface FactSale { purchaseId: number; currency: string; transaction: number; affiliation: number; refunded: number }

/** A purchase as the Abandonment report reads it (lib/query/checkout-purchase-query.ts): raw values, its currency not placed ("" when it came without one). */
export interface FactCheckout { purchaseId: number; checkoutId: string | null; purchaseType: string; currency: string; offerCode: string | null; createdText: string }
/**
 * A FactCheckout as the store answers it, its values in that order (checkoutOf reads one; the
 * purchase id is text from PostgreSQL). Arrays, not objects: a report reads every purchase of its
 * range, and from the worker thread an object's names are copied with each row.
 */
export type FactCheckoutValues = [purchaseId: number | string, checkoutId: string | null, purchaseType: string, currency: string, offerCode: string | null, createdText: string];

/** Per placed currency, the net cents falling due in a window and how many sales (lib/analytics/funds-availability.ts's fundsDueWithin). */
export interface FactFundsDue { currency: string; creatorNet: number; affiliationNet: number; sales: number }

export interface FactDayMeta {
  day: string;
  fetchedAt: number;
  count: number;
}

/** Purchases per own currency ("" for none) and offer: the offer's key, or of purchases without a currency the offer code placing them ("" for none). */
export interface FactOfferCurrency { currency: string; offer: string; purchases: number }

/** What a range offers before any filter (lib/query/purchase-choice-query.ts): the filter bar's choices and the currency decision's inputs. */
export interface FactPurchaseChoices {
  /** Each dimension's keys (dimension: index into FACT_DIMENSIONS). */
  values: Array<{ dimension: number; key: string }>;
  /** Each offer key with each product key sold under it. */
  offerProducts: Array<{ offer: string; product: string }>;
  /** Each offer key's name as its first row in the records' order gives it (newest day first, a day in its stored order). */
  labels: Array<{ offer: string; label: string | null }>;
  /** As offerCurrencies counts them. */
  currencies: FactOfferCurrency[];
}

export interface PurchaseFactStore {
  /** Replaces every row of the account's day by `rows`, atomically, with the day's sealed customer cells (the CSV's; the mirror seals them, the store keeps them as given). */
  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly PurchaseFactRow[], customers?: Uint8Array | null): Promise<void>;
  /** The days held, with when their records were fetched (to judge them as fresh as the mirror's). */
  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]>;
  /** Per currency and bucket: purchases and sums; per currency: distinct orders and attach counts. */
  aggregate(account: string, plan: PurchaseFactPlan): Promise<{ buckets: FactBucketGroup[]; orders: FactOrderGroup[] }>;
  /** The groups of a purchase summary of the plan's range [bucketStarts[0], endMs). */
  summarize(account: string, plan: PurchaseSummaryPlan): Promise<FactSummaryGroups>;
  /** One page of the purchases table: the plan's rows after its filters, sorted by the store, with their total. */
  purchasePage(account: string, request: FactPageRequest): Promise<FactPage>;
  /** Which of `ids` are rows of the plan's range after its filters, with their days (the reveal action's rows); at most one row per id and day. */
  locatePurchases(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactPageItem[]>;
  /** Per currency and affiliate key: the leaderboard's sums and checkouts, and the days with sales, of the plan's range [bucketStarts[0], endMs) after its filters. */
  affiliateGroups(account: string, plan: PurchaseFactPlan): Promise<FactAffiliateGroups>;
  /** Per currency and affiliate key: how many rows of the plan's range after its filters have one of `ids` (the disputed sales). */
  countSales(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactAffiliateCount[]>;
  /** The Refunds report's sums, refunded sales by dimension and sale days of the plan's range [bucketStarts[0], endMs) after its filters. */
  refundGroups(account: string, plan: PurchaseFactPlan): Promise<FactRefundGroups>;
  /** Which of `ids` are rows of the plan's range after its filters, with their currency and amounts (FactSales as columns), in the records' order (newest day first, a day in its stored order). */
  salesOf(account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<FactSaleColumns>;
  /** What the payout calendar reads of every row of the UTC days (both inclusive), its currency placed, in the records' order, each purchase once (lib/analytics/payout-sales.ts). */
  payoutSales(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Promise<PayoutSaleColumns>;
  /**
   * Of every row of the UTC days (both inclusive), each purchase once (its newest day's copy, as
   * payoutSales keeps it), those whose availability instant lies in [fromMs, toMs): their net
   * cents and count per currency as `currency` places it.
   */
  /** What the currency decision reads of the days `from`..`to` (UTC, both included), every row counted; with `instants`, the rows whose createdAt is in [fromMs, toMs). */
  offerCurrencies(account: string, days: { from: string; to: string }, instants?: { fromMs: number; toMs: number }): Promise<FactOfferCurrency[]>;
  /** What the plan's range [bucketStarts[0], endMs) offers before its filters (which are not applied): choices and currencies. */
  choices(account: string, plan: PurchaseFactPlan): Promise<FactPurchaseChoices>;
  fundsDue(account: string, days: { from: string; to: string }, currency: PurchaseFactPlan["currency"], window: { fromMs: number; toMs: number }): Promise<FactFundsDue[]>;
  /** The plan's rows of its range [bucketStarts[0], endMs) after its filters, in the records' order (newest day first, a day in its stored order). */
  checkouts(account: string, plan: PurchaseFactPlan): Promise<FactCheckoutValues[]>;
  /** What the purchases CSV reads before its first batch (FactCsvPreamble) over the UTC days (both inclusive). */
  csvPreamble(account: string, days: { from: string; to: string }): Promise<FactCsvPreamble>;
  /** One batch of the purchases CSV's rows after the cursor (keyset: each batch is its own read, nothing held open between two). */
  csvBatch(account: string, request: FactCsvBatchRequest): Promise<FactCsvBatch>;
  /** Deletes every row of the account. */
  forget(account: string): Promise<void>;
  close(): Promise<void>;
}
