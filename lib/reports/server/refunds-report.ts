import "server-only";

// The Refunds & chargebacks report: KPIs per currency with deltas in either dating, where the
// refunds come from, how long after the sale, before or after delivery, and the records.
import { breakdowns } from "@/lib/analytics/breakdowns";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { deliveryRefunds, type DeliveryRefunds } from "@/lib/analytics/delivery-refunds";
import { refundKpis, unmatchedRecords, type RefundKpis } from "@/lib/analytics/refund-kpis";
import { purchaseFilterKeys } from "@/lib/analytics/filters";
import { offerChoicesOf } from "@/lib/analytics/offer-choices";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import type { KeyType } from "@/lib/sales-api";
import type { EventFactRow } from "@/lib/store/event-fact-store";
import { genericColumns, type GenericColumn } from "@/lib/reports/generic-columns";
import { kpiCards, type KpiSpec } from "@/lib/reports/kpi-cards";
import { loadDeliveryInputs, refundDelivery } from "@/lib/reports/server/refunds-delivery";
import { loadBothPeriods, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { loadRefundRecords, REFUND_FILTER_KEYS, type RefundRecords } from "@/lib/reports/server/refunds-records";
import { refundsFromFacts } from "@/lib/reports/server/refunds-facts";
import { REFUND_BREAKDOWNS, type LossTable, type RefundsParts } from "@/lib/reports/server/refunds-parts";
import { lossRowsOfRecords } from "@/lib/analytics/refund-kpis";
import { toCents } from "@/lib/analytics/money";
import type { DayRange } from "@/lib/analytics/compare";
import { reportQuality } from "@/lib/reports/report-quality";
import { refundShareOf } from "@/lib/analytics/key-share";
import { daysBucketsOf, type DaysBucket } from "@/lib/analytics/refund-days";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export const REFUND_KPIS: KpiSpec<RefundKpis> = [
  { key: "refundedAmount", label: "Refunded", kind: "money", lowerIsBetter: true },
  { key: "refunds", label: "Refunds", kind: "count", lowerIsBetter: true },
  { key: "fullRefunds", label: "Full refunds", kind: "count", lowerIsBetter: true },
  { key: "partialRefunds", label: "Partial refunds", kind: "count", lowerIsBetter: true },
  { key: "refundRateCount", label: "Refund rate by count", kind: "rate", lowerIsBetter: true },
  { key: "refundRateValue", label: "Refund rate by value", kind: "rate", lowerIsBetter: true },
  { key: "chargebacks", label: "Chargebacks", kind: "count", lowerIsBetter: true },
  { key: "chargebackAmount", label: "Charged back", kind: "money", lowerIsBetter: true },
  { key: "chargebackRate", label: "Chargeback rate", kind: "rate", lowerIsBetter: true },
];
export const AFFILIATE_REFUND_KPIS: KpiSpec<RefundKpis> = [
  ...REFUND_KPIS.map((k) => (k.key === "refundedAmount" ? { ...k, label: "Refunded (your referred sales)", labelKey: "refundedReferred" } : k)),
  { key: "commissionLost", label: "Commission lost", kind: "money", lowerIsBetter: true },
];

export type { DaysBucket };

/** The refunds by days from sale (purchaseCreatedAt) to request (requestedAt), as their rows place them; one without both dates is left out. */
export const daysToRefund = (refunds: readonly Pick<EventFactRow, "daysBucket">[]): DaysBucket[] => daysBucketsOf(refunds.map((r) => r.daysBucket));

export const daysBucketCsvLabel = (b: Omit<DaysBucket, "count">): string => (b.to === null ? `more than ${b.from - 1} days` : `${b.from}–${b.to} days`);

/**
 * The view. With the purchases fact table at hand, the period's purchases (and, dated by
 * request, the other sales the records name) are read from the table when it holds their days
 * as the mirror served them (refunds-facts.ts); else from the records. The view is the same
 * either way.
 */
export async function buildRefundsView(client: MirroredClient, keyType: KeyType, params: ReportParams, given: LoadOptions = {}) {
  const options = withReportDeadline(client, given);
  return refundsView(client, keyType, params, options, await refundsParts(client, keyType, params, options));
}

/** What the view is made of (its KPIs, breakdowns and loss rows), read as the view reads them: the refund alert's explanation reads the rows. */
export function loadRefundsParts(client: MirroredClient, keyType: KeyType, params: ReportParams, given: LoadOptions = {}): Promise<RefundsParts> {
  return refundsParts(client, keyType, params, withReportDeadline(client, given));
}

async function refundsParts(client: MirroredClient, keyType: KeyType, params: ReportParams, options: LoadOptions): Promise<RefundsParts> {
  const fromFacts = options.facts ? await refundsFromFacts(client, keyType, params, options, options.facts, options.eventFacts) : null;
  if (fromFacts) return fromFacts;
  const { comparison, data, before } = await loadBothPeriods(client, params, options, (period, o) => loadRefundRecords(client, period, o));
  return partsOfRecords(keyType, params, comparison, data, before);
}

/** A list of records as the view reads it: rows, and the columns the records table shows. */
const lossTableOf = (resource: "refunds" | "chargebacks", records: RefundRecords["refunds"]): LossTable | null => records && { rows: lossRowsOfRecords(resource, records)!, columns: async () => genericColumns(records) };

/** The parts of the records: the KPIs and breakdowns read off them by the functions the fact table feeds too. */
function partsOfRecords(keyType: KeyType, params: ReportParams, compare: DayRange | null, data: RefundRecords, before: RefundRecords | null): RefundsParts {
  const kpisOf = (d: RefundRecords) => refundKpis(d.purchases, d.refunds, d.chargebacks, params.dating, data.currency.currency, d.known);
  const saleDays = (d: RefundRecords) => d.purchases.map((p) => p.checkoutInitializedAt);
  // Refunded cents above zero, as the KPIs and the fact table count a refunded sale.
  const refunded = data.purchases.filter((p) => toCents(p.amountRefunded) > 0);
  return {
    comparison: compare,
    comparisonDataFrom: compare && before ? comparisonDataStart(compare, saleDays(before), saleDays(data)) : null,
    figures: kpisOf(data),
    previous: before ? kpisOf(before) : null,
    split: breakdowns(refunded, REFUND_BREAKDOWNS, refundShareOf(keyType)),
    refunds: lossTableOf("refunds", data.refunds),
    chargebacks: lossTableOf("chargebacks", data.chargebacks),
    unavailable: data.unavailable,
    filterOptions: Object.fromEntries(REFUND_FILTER_KEYS.filter((key) => key !== "affiliate" || keyType === "creator").map((key) => [key, purchaseFilterKeys(data.unfiltered, key)])) as Partial<Record<FilterKey, string[]>>,
    offers: offerChoicesOf(data.unfiltered),
    unmatched: params.dating === "event" ? unmatchedRecords(data.purchases, data.refunds, data.chargebacks, data.known) : null,
    reports: { current: data.reports, comparison: before?.reports ?? null },
    currency: data.currency,
    assumedCurrencyRecords: data.assumedCurrencyRecords,
  };
}

/** The view from the records, and the records it was made from: for the CSVs (which read the records whatever the table holds). */
export async function loadRefundsReport(client: MirroredClient, keyType: KeyType, params: ReportParams, given: LoadOptions = {}) {
  // One deadline for the whole report: both periods, the records and the orders.
  const { options, comparison: compare, data, before } = await loadBothPeriods(client, params, given, (period, options) => loadRefundRecords(client, period, options));
  return { view: await refundsView(client, keyType, params, options, partsOfRecords(keyType, params, compare, data, before)), data };
}

async function refundsView(client: MirroredClient, keyType: KeyType, params: ReportParams, options: LoadOptions, parts: RefundsParts) {
  const compare = parts.comparison;
  const ofCurrency = (rows: RefundKpis[]) => rows.filter((k) => !params.currency || k.currency === params.currency);
  const current = ofCurrency(parts.figures);
  const previous = parts.previous ? ofCurrency(parts.previous) : [];
  const comparisonDataFrom = parts.comparisonDataFrom;
  const split = parts.split;
  const data = parts;

  const refunds = data.refunds?.rows ?? null;
  const chargebacks = data.chargebacks?.rows ?? null;
  const days = daysToRefund(refunds ?? []);

  // Orders are a creator's only; an affiliate's report asks nothing of them.
  // Rates over the period's orders need the refunds of those same sales: dated by sale only.
  // A chargeback is a dispute opened (sale-losses.ts): alerts are not counted here either.
  // The records tables' columns are read beside them (refunds-parts.ts's LossTable).
  const [orders, refundColumns, chargebackColumns] = await Promise.all([
    keyType === "creator" && (refunds || chargebacks) ? loadDeliveryInputs(client, params, { ...options, currency: data.currency }, { refunds, chargebacks: chargebacks?.filter((c) => c.dispute) ?? null, withGroups: params.dating === "sale" }) : null,
    data.refunds?.columns() ?? null,
    data.chargebacks?.columns() ?? null,
  ]);
  const deliveryRates: DeliveryRefunds | null = orders?.groups ? deliveryRefunds(orders.groups) : null;
  const delivery = orders && refunds ? refundDelivery(orders.named, refunds) : null;

  // The table's rows come a page at a time from /api/reports/refunds/rows/{refunds,chargebacks}.
  const records = (list: LossTable | null, columns: GenericColumn[] | null) => (list && columns ? { columns, total: list.rows.length } : null);
  const view = {
    keyType,
    dating: params.dating,
    comparison: compare,
    comparisonDataFrom,
    kpis: kpiCards(current, previous, keyType === "creator" ? REFUND_KPIS : AFFILIATE_REFUND_KPIS, { withComparison: compare !== null, partialComparison: comparisonDataFrom !== null }),
    /** The period's figures per currency (every currency, as its key-figures CSV writes them): that file made from the view alone. */
    figures: parts.figures,
    // The currency filter on the server, as for the key figures: the page and its breakdown CSVs show the chosen currency only.
    breakdowns: Object.entries(split).flatMap(([id, perCurrency]) => perCurrency.filter((b) => !params.currency || b.currency === params.currency).map((b) => ({ id, currency: b.currency, rows: b.rows.slice(0, 8) }))),
    daysToRefund: data.refunds ? days : null,
    delivery,
    /** Refund and chargeback rates of physical orders by milestone, carrier and days to delivery (creator, dated by sale). */
    deliveryRates,
    refunds: records(data.refunds, refundColumns),
    chargebacks: records(data.chargebacks, chargebackColumns),
    unavailable: data.unavailable,
    /** What each filter can take in the period, before filtering: the filter bar's choices. */
    filterOptions: parts.filterOptions,
    /** The Offer filter's choices in words: each offer's name and products. */
    offers: parts.offers,
    /** Dated by request: refund records and disputes whose sale could not be found (null dated by sale). */
    unmatched: parts.unmatched,
    quality: reportQuality(parts.reports, { records: data.assumedCurrencyRecords, currency: data.currency }),
  };
  return view;
}

export type RefundsView = Awaited<ReturnType<typeof refundsView>>;
export type { GenericColumn };
