import "server-only";

// The Affiliates report (creator keys): the leaderboard per currency over the range, dated by
// sale (the period's purchases, their refunds and the chargebacks of those sales, as the
// Refunds report's sale dating), with each affiliate's trend against the comparison period.
// The purchases are summed by the purchases fact table when it holds every day of both periods
// as the mirror served them (affiliates-facts.ts), else from the records; the view is the same.
import { affiliateLeaderboard, FLAG_MULTIPLE, MIN_SAMPLE } from "@/lib/analytics/affiliate-leaderboard";
import { comparisonRange } from "@/lib/analytics/compare";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuality } from "@/lib/reports/report-quality";
import { affiliatesFromFacts } from "@/lib/reports/server/affiliates-facts";
import { affiliatesLoadParams, type AffiliatesParts } from "@/lib/reports/server/affiliates-parts";
import { withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { loadRefundRecords } from "@/lib/reports/server/refunds-records";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import type { MirroredClient } from "@/lib/mirror/range-reader";

function affiliatesView(params: ReportParams, parts: AffiliatesParts) {
  const named = new Set(params.filters.affiliate);
  const blocks = parts.blocks
    .filter((b) => !params.currency || b.currency === params.currency)
    .map((b) => (named.size ? { ...b, rows: b.rows.filter((r) => named.has(r.affiliate)) } : b));
  return {
    comparison: parts.comparison,
    /** A comparison period that starts before the account's data: its trends would compare with nothing. */
    comparisonDataFrom: parts.comparisonDataFrom,
    minSample: MIN_SAMPLE,
    flagMultiple: FLAG_MULTIPLE,
    blocks,
    /** Sales in the range (every currency, with an affiliate or not): zero means an empty period. */
    sales: parts.sales,
    unavailable: parts.unavailable,
    quality: reportQuality(parts.reports, { records: parts.assumedCurrencyRecords, currency: parts.currency }),
  };
}

async function partsFromRecords(client: MirroredClient, params: ReportParams, options: LoadOptions): Promise<AffiliatesParts> {
  const compare = params.compare === "none" ? null : comparisonRange(params, params.compare);
  const loaded = affiliatesLoadParams(params);
  const shown = loadRefundRecords(client, loaded, options);
  const currency = shown.then((d) => d.currency);
  currency.catch(() => undefined);
  const [data, before] = await Promise.all([shown, compare ? loadRevenueRecords(client, { ...loaded, ...compare, compare: "none" }, { ...options, currency }) : null]);
  const saleDays = (list: ReadonlyArray<{ checkoutInitializedAt: string }>) => list.map((p) => p.checkoutInitializedAt);
  const comparisonDataFrom = compare && before ? comparisonDataStart(compare, saleDays(before.current), saleDays(data.purchases)) : null;
  // A comparison period starting before the account's data has no trend to tell (the KPI cards' rule).
  const previous = before && comparisonDataFrom === null ? before.current : null;
  const blocks = affiliateLeaderboard({ purchases: data.purchases, chargebacks: data.chargebacks, previous, fallbackCurrency: data.currency.currency });
  return {
    comparison: compare,
    comparisonDataFrom,
    blocks,
    sales: data.purchases.length,
    unavailable: data.unavailable,
    reports: { current: data.reports, comparison: before?.reports ?? null },
    currency: data.currency,
    assumedCurrencyRecords: data.assumedCurrencyRecords,
  };
}

export async function buildAffiliatesView(client: MirroredClient, params: ReportParams, given: LoadOptions = {}) {
  const options = withReportDeadline(client, given);
  const fromFacts = options.facts ? await affiliatesFromFacts(client, params, options, options.facts) : null;
  return affiliatesView(params, fromFacts ?? (await partsFromRecords(client, params, options)));
}

export type AffiliatesView = Awaited<ReturnType<typeof buildAffiliatesView>>;
