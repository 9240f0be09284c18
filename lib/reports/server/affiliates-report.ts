import "server-only";

// The Affiliates report (creator keys): the leaderboard per currency over the range, dated by
// sale (the period's purchases, their refunds and the chargebacks of those sales, as the
// Refunds report's sale dating), with each affiliate's trend against the comparison period.
import { affiliateLeaderboard, FLAG_MULTIPLE, MIN_SAMPLE } from "@/lib/analytics/affiliate-leaderboard";
import { comparisonRange } from "@/lib/analytics/compare";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { SalesApiClient } from "@/lib/sales-api";
import { reportQuality } from "@/lib/reports/report-quality";
import { withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { loadRefundRecords } from "@/lib/reports/server/refunds-records";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";

export async function buildAffiliatesView(client: SalesApiClient, params: ReportParams, given: LoadOptions = {}) {
  return (await loadAffiliatesReport(client, params, given)).view;
}

/** The view and the purchases it was made from (the CSV's file names its rows only). */
export async function loadAffiliatesReport(client: SalesApiClient, params: ReportParams, given: LoadOptions = {}) {
  const options = withReportDeadline(client, given);
  const compare = params.compare === "none" ? null : comparisonRange(params, params.compare);
  // Sale dating whatever the URL says: a rate divides the period's sales' refunds by those sales.
  // An affiliate named in the URL narrows the rows, never the account's rates they are judged by.
  const loaded = { ...params, dating: "sale" as const, filters: { ...params.filters, affiliate: [] } };
  const shown = loadRefundRecords(client, loaded, options);
  const currency = shown.then((d) => d.currency);
  currency.catch(() => undefined);
  const [data, before] = await Promise.all([shown, compare ? loadRevenueRecords(client, { ...loaded, ...compare, compare: "none" }, { ...options, currency }) : null]);
  const saleDays = (list: ReadonlyArray<{ checkoutInitializedAt: string }>) => list.map((p) => p.checkoutInitializedAt);
  const comparisonDataFrom = compare && before ? comparisonDataStart(compare, saleDays(before.current), saleDays(data.purchases)) : null;
  // A comparison period starting before the account's data has no trend to tell (the KPI cards' rule).
  const previous = before && comparisonDataFrom === null ? before.current : null;
  const named = new Set(params.filters.affiliate);
  const blocks = affiliateLeaderboard({ purchases: data.purchases, chargebacks: data.chargebacks, previous, fallbackCurrency: data.currency.currency })
    .filter((b) => !params.currency || b.currency === params.currency)
    .map((b) => (named.size ? { ...b, rows: b.rows.filter((r) => named.has(r.affiliate)) } : b));
  const view = {
    comparison: compare,
    /** A comparison period that starts before the account's data: its trends would compare with nothing. */
    comparisonDataFrom,
    minSample: MIN_SAMPLE,
    flagMultiple: FLAG_MULTIPLE,
    blocks,
    /** Sales in the range (every currency, with an affiliate or not): zero means an empty period. */
    sales: data.purchases.length,
    unavailable: data.unavailable,
    quality: reportQuality({ current: data.reports, comparison: before?.reports ?? null }, { records: data.assumedCurrencyRecords, currency: data.currency }),
  };
  return { view, data };
}

export type AffiliatesView = Awaited<ReturnType<typeof buildAffiliatesView>>;
