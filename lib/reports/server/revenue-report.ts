import "server-only";

// The Revenue report, computed on the server: KPIs with deltas, series with the comparison
// overlaid, breakdowns, attach rates, funds becoming available, and only the newest rows,
// masked. What leaves for the browser is a RevenueView, never the raw record set.
import { alignSeries } from "@/lib/analytics/compare";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import type { Dimension } from "@/lib/analytics/breakdowns";
import { ALREADY_AVAILABLE } from "@/lib/analytics/funds-availability";
import type { MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import { summaryAffiliateKpis, summaryAttachRates, summaryBreakdowns, summaryCreatorKpis, summaryDataDays, summaryFunds, SummaryInexactError, summarySeries } from "@/lib/analytics/purchase-summary-views";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { todayIn } from "@/lib/report-params/presets";
import type { KeyType } from "@/lib/sales-api";
import { reportQuality } from "@/lib/reports/report-quality";
import { loadRevenueRecords, type LoadOptions } from "@/lib/reports/server/revenue-records";
import { loadRevenueSummaries, revenueSummariesFrom, type RevenueSummaries } from "@/lib/reports/server/revenue-summaries";
import { kpiCards } from "@/lib/reports/kpi-cards";
import { AFFILIATE_KPIS, CREATOR_KPIS } from "@/lib/reports/server/revenue-kpi-items";
import { FUNDS_LATER, type RevenueView } from "@/lib/reports/revenue-view";
import { saleShareSum } from "@/lib/analytics/key-share";
import type { MirroredClient } from "@/lib/mirror/range-reader";

const FUNDS_WEEKS = 8;

/** The report's breakdowns, in the page's order; the browser words their titles in the reader's language. */
export const REVENUE_BREAKDOWNS = ["product", "offer", "purchaseType", "paymentMethod", "psp", "cardBrand", "country"] as const satisfies readonly Exclude<Dimension, "affiliate">[];

/** A funds row as its CSV cell says it: the file stays in English whatever the page's language. */
export function fundsWeekCsvLabel(week: string, weeks: number): string {
  return week === ALREADY_AVAILABLE ? "Already available" : week === FUNDS_LATER ? `After ${weeks} weeks` : `Week of ${week}`;
}



export async function buildRevenueView(client: MirroredClient, keyType: KeyType, params: ReportParams, options: LoadOptions = {}): Promise<RevenueView> {
  try {
    return revenueViewFrom(await loadRevenueSummaries(client, params, options), keyType, params);
  } catch (error) {
    // A stored summary folds money paid out long before it was fetched; a report viewed with
    // an earlier clock (or a zone off the quarter hour) is made from the records instead.
    if (!(error instanceof SummaryInexactError)) throw error;
    return revenueViewFrom(revenueSummariesFrom(await loadRevenueRecords(client, params, options)), keyType, params);
  }
}

export function revenueViewFrom(data: RevenueSummaries, keyType: KeyType, params: ReportParams): RevenueView {
  const value = saleShareSum(keyType);
  const withComparison = data.comparison !== null;
  const comparisonDataFrom = data.comparison && data.comparisonRange ? comparisonDataStart(data.comparisonRange, summaryDataDays(data.comparison), summaryDataDays(data.current)) : null;
  const partial = comparisonDataFrom !== null;
  const none: MergedSummary = { paidBefore: 0, currencies: [] };

  const kpis =
    keyType === "creator"
      ? kpiCards(summaryCreatorKpis(data.current), summaryCreatorKpis(data.comparison ?? none), CREATOR_KPIS, { withComparison, partialComparison: partial })
      : kpiCards(summaryAffiliateKpis(data.current), summaryAffiliateKpis(data.comparison ?? none), AFFILIATE_KPIS, { withComparison, partialComparison: partial });

  const seriesOf = (merged: MergedSummary, range: { from: string; to: string }) => summarySeries(merged, { from: range.from, to: range.to, granularity: params.granularity, timeZone: params.tz, value });
  const current = seriesOf(data.current, params);
  const previous = data.comparison && data.comparisonRange ? seriesOf(data.comparison, data.comparisonRange) : [];
  const series = current.map((s) => {
    const aligned = alignSeries(s.points, previous.find((p) => p.currency === s.currency)?.points ?? []);
    return { currency: s.currency, points: aligned.map((a) => ({ bucket: a.bucket, amount: a.amount, count: a.count, previousAmount: withComparison ? (a.comparisonAmount ?? 0) : null, previousBucket: a.comparisonBucket })) };
  });

  const dims = REVENUE_BREAKDOWNS;
  const split = summaryBreakdowns(data.current, dims, value);
  const breakdownList = dims.flatMap((id) =>
    split[id].map((b) => ({ id, currency: b.currency, rows: b.rows.map((r) => ({ key: r.key, ...(r.label && r.label !== r.key ? { name: r.label } : {}), count: r.count, amount: r.amount, share: r.share ?? 0 })) })),
  );

  const today = todayIn(params.tz);
  const funds = summaryFunds(data.current, { keyType, fromDay: today, weeks: FUNDS_WEEKS, timeZone: params.tz });

  const filterOptions = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, key === "affiliate" && keyType === "affiliate" ? [] : data.choices.filterOptions[key]]),
  ) as Record<FilterKey, string[]>;

  // The currency filter is applied here, on the server, as every report does: the page, its
  // CSVs and a share snapshot hold the chosen currency's blocks only; `currencies` still names
  // every currency of the range (the filter's choices).
  const shown = <T extends { currency: string }>(blocks: T[]): T[] => (params.currency ? blocks.filter((b) => b.currency === params.currency) : blocks);

  return {
    keyType,
    range: { from: params.from, to: params.to, tz: params.tz, granularity: params.granularity },
    comparison: data.comparisonRange,
    comparisonDataFrom,
    currencies: kpis.map((k) => k.currency),
    kpis: shown(kpis),
    series: shown(series),
    breakdowns: shown(breakdownList),
    attach:
      keyType === "creator"
        ? shown(summaryAttachRates(data.current)).map((a) => ({ currency: a.currency, frontOrders: a.frontOrders, rates: [{ type: "order_bump", ...a.orderBump }, { type: "upsell", ...a.upsell }, { type: "downsell", ...a.downsell }] }))
        : [],
    funds: shown(funds).map((f) => ({
      currency: f.currency,
      weeks: [
        ...f.rows.map((r) => ({ week: r.bucket, amount: r.amount })),
        { week: FUNDS_LATER, amount: f.later.amount },
      ],
    })),
    fundsWeeks: FUNDS_WEEKS,
    rows: { total: data.current.currencies.reduce((sum, c) => sum + c.purchases, 0) },
    filterOptions,
    offers: data.choices.offers,
    quality: reportQuality({ current: data.reports, comparison: data.comparisonReports }, { records: data.assumedCurrencyRecords, currency: data.currency }),
    includesToday: params.to >= today,
  };
}
