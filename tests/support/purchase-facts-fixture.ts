// Purchases for the fact store's tests, from the sandbox's own generator (no server): each UTC
// day's records as the client parses them, with the shapes the field notes warn about mixed in
// (no currency, no offer, no orderId, no availability date, no product, an order over two days),
// and the record engine that stays the oracle: the Revenue report's own loader
// (loadRevenueRecords) over a client answering those days, read off with the summary views.
import { purchaseSchema, type Purchase } from "@/lib/records/purchase";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { Granularity } from "@/lib/analytics/bucket-index";
import { SUMMARY_DIMENSIONS } from "@/lib/analytics/purchase-summary";
import type { MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import {
  summaryAffiliateKpis, summaryAttachRates, summaryBreakdowns, summaryCreatorKpis, summaryDataDays, summaryDimensionKeys, summaryFunds, summarySeries,
} from "@/lib/analytics/purchase-summary-views";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import type { KeyType } from "@/lib/sales-api";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import type { PurchaseAnswer } from "@/lib/query/purchase-query";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { heldClient, heldDayRecords, heldRange, NOW, oncePerKey, parsedBy, sandboxDays } from "./held-days";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export { NOW, FIRST_DAY, LAST_DAY, utcDays } from "./held-days";

function oddly(p: Purchase, earlier: Purchase | undefined): Purchase {
  const id = p.purchaseId;
  if (id % 31 === 0) return { ...p, currency: undefined } as unknown as Purchase;
  if (id % 37 === 0) return { ...p, currency: undefined, offerCode: null } as unknown as Purchase;
  if (id % 29 === 0) return { ...p, orderId: null };
  if (id % 23 === 0) return { ...p, incomingAvailableAt: null };
  if (id % 19 === 0) return { ...p, productName: "", cardBrand: null } as unknown as Purchase;
  // An upsell whose order began the day before.
  if (id % 41 === 0 && earlier?.orderId != null) return { ...p, orderId: earlier.orderId, purchaseType: "upsell" };
  return p;
}

/** Each UTC day's purchases of the sandbox's creator or affiliate account, newest first as the API sends them. */
export const purchaseDays = oncePerKey((keyType: KeyType): Map<string, Purchase[]> => {
  let earlier: Purchase | undefined;
  return heldDayRecords(sandboxDays(keyType === "creator" ? "creator" : "affiliate", "purchases"), (raw) => {
    const records = parsedBy(purchaseSchema, raw).map((p) => oddly(p, earlier));
    earlier = records[records.length - 1] ?? earlier;
    return records;
  });
});

/** Writes every held day into the store, as the mirror does when it stores a day. */
export async function fillFactStore(store: PurchaseFactStore, account: string, keyType: KeyType): Promise<void> {
  for (const [day, records] of purchaseDays(keyType)) await store.replaceDay(account, day, NOW, records.map(purchaseFactRow));
}

/** A client that answers the held days (what the mirror would): records, or a day's digest when a report asks for it. */
export function heldDaysClient(keyType: KeyType): MirroredClient {
  const days = purchaseDays(keyType);
  return heldClient(keyType, async (_resource, window, options) => heldRange("purchases", days, window, options));
}

export interface OracleQuery {
  from: string;
  to: string;
  timeZone: string;
  granularity: Granularity;
  keyType: KeyType;
  filters: Partial<Record<FilterKey, string[]>>;
  currency: CurrencyAssumption;
}

/** Every Revenue figure read off a merged summary, by the report's own views. */
export function summaryFigures(merged: MergedSummary, query: OracleQuery) {
  const value = query.keyType === "creator" ? "transaction" : "affiliation";
  return {
    kpis: [summaryCreatorKpis(merged), summaryAffiliateKpis(merged)],
    series: summarySeries(merged, { from: query.from, to: query.to, granularity: query.granularity, timeZone: query.timeZone, value }),
    breakdowns: summaryBreakdowns(merged, [...SUMMARY_DIMENSIONS], value),
    attach: summaryAttachRates(merged),
    funds: summaryFunds(merged, { keyType: query.keyType, fromDay: "2026-03-16", weeks: 8, timeZone: query.timeZone }),
    keys: SUMMARY_DIMENSIONS.map((d) => summaryDimensionKeys(merged, d)),
    days: summaryDataDays(merged),
  };
}

/** The merged summary the record engine makes of the query's records. */
export async function recordSummary(query: OracleQuery): Promise<MergedSummary> {
  return revenueSummariesFrom(await loadRevenueRecords(heldDaysClient(query.keyType), reportParams(query), { currency: query.currency })).current;
}

/** What the record engine answers: the Revenue report's loader and summary views over the records. */
export async function recordEngine(query: OracleQuery): Promise<PurchaseAnswer> {
  const merged = await recordSummary(query);
  return {
    kpis: { creator: summaryCreatorKpis(merged), affiliate: summaryAffiliateKpis(merged) },
    series: summarySeries(merged, { from: query.from, to: query.to, granularity: query.granularity, timeZone: query.timeZone, value: query.keyType === "creator" ? "transaction" : "affiliation" }),
    attach: summaryAttachRates(merged),
  };
}

export function reportParams(query: OracleQuery, compare: ReportParams["compare"] = "none"): ReportParams {
  return {
    from: query.from,
    to: query.to,
    preset: null,
    compare,
    dating: "sale",
    granularity: query.granularity,
    tz: query.timeZone,
    currency: null,
    filters: Object.fromEntries(FILTER_KEYS.map((k) => [k, query.filters[k] ?? []])) as Record<FilterKey, string[]>,
  };
}
