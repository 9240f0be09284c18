import "server-only";

// The Overview, computed on the server from the loaders and analytics the reports use, so each
// tile equals the figure of the report it links to: the Revenue report's summaries for the last
// 30 days (KPIs, top rows), its records for today and a week ago, the payout calendar's history
// of sales for the funds (from the purchases fact table when it holds them), the Refunds report's
// figures for the rates (from the fact tables when they hold both periods) and, for a creator
// only, the Abandonment report's KPIs of this week (from the carts' store when it holds them).
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { fromCents, toCents } from "@/lib/analytics/money";
import type { MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import { summaryAffiliateKpis, summaryBreakdowns, summaryCreatorKpis, summaryDataDays, SummaryInexactError } from "@/lib/analytics/purchase-summary-views";
import { refundKpis, type RefundKpis } from "@/lib/analytics/refund-kpis";
import { affiliateKpis, creatorKpis, type AffiliateKpis, type CreatorKpis } from "@/lib/analytics/revenue-kpis";
import { timestampMs } from "@/lib/timestamps";
import type { ReportParams } from "@/lib/report-params/definitions";
import { parseReportParams } from "@/lib/report-params/parse";
import type { KeyType, Purchase } from "@/lib/sales-api";
import { kpiCards, type CurrencyKpis, type KpiSpec } from "@/lib/reports/kpi-cards";
import { chargebackStanding, topRows } from "@/lib/reports/overview-figures";
import type { OverviewView } from "@/lib/reports/overview-view";
import type { InstantWindow, OverviewWindows } from "@/lib/reports/overview-windows";
import { reportQuality } from "@/lib/reports/report-quality";
import { loadAbandonmentKpis } from "@/lib/reports/server/abandonment-report";
import { withComparison, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { loadFundsDue } from "@/lib/reports/server/payouts-report";
import { loadRefundRecords } from "@/lib/reports/server/refunds-records";
import { refundsFromFacts } from "@/lib/reports/server/refunds-facts";
import type { RefundsParts } from "@/lib/reports/server/refunds-parts";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { loadRevenueSummaries, revenueSummariesFrom, type RevenueSummaries } from "@/lib/reports/server/revenue-summaries";
import { saleShareSum } from "@/lib/analytics/key-share";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export const CREATOR_SPEC: KpiSpec<CreatorKpis> = [
  { key: "creatorNet", label: "Net revenue", labelKey: "netRevenue", kind: "money" },
  { key: "purchases", label: "Purchases", kind: "count" },
];
export const AFFILIATE_SPEC: KpiSpec<AffiliateKpis> = [
  { key: "commission", label: "Commission", kind: "money" },
  { key: "purchases", label: "Purchases", kind: "count" },
];
export const RATE_SPEC: KpiSpec<RefundKpis> = [
  { key: "refundRateCount", label: "Refund rate", labelKey: "refundRate", kind: "rate", lowerIsBetter: true },
  { key: "chargebackRate", label: "Chargeback rate", kind: "rate", lowerIsBetter: true },
];

/** The Overview's periods as report parameters: the links open the reports with these. */
export function reportParams(windows: OverviewWindows, range: { from: string; to: string }, compare: "previous" | "none"): ReportParams {
  return parseReportParams({ from: range.from, to: range.to, tz: windows.tz, compare }).params;
}

function moneyCards(keyType: KeyType, current: readonly Purchase[], previous: readonly Purchase[], comparison: { withComparison: boolean; partialComparison?: boolean }): CurrencyKpis[] {
  return keyType === "creator"
    ? kpiCards(creatorKpis(current), creatorKpis(previous), CREATOR_SPEC, comparison)
    : kpiCards(affiliateKpis(current), affiliateKpis(previous), AFFILIATE_SPEC, comparison);
}

const within = (window: InstantWindow) => (p: Purchase) => {
  const ms = timestampMs(p.checkoutInitializedAt);
  return ms >= window.fromMs && ms < window.toMs;
};

function last30Figures(data: RevenueSummaries, keyType: KeyType) {
  const none: MergedSummary = { paidBefore: 0, currencies: [] };
  const partial = data.comparison !== null && data.comparisonRange !== null && comparisonDataStart(data.comparisonRange, summaryDataDays(data.comparison), summaryDataDays(data.current)) !== null;
  const comparison = { withComparison: data.comparison !== null, partialComparison: partial };
  const kpis =
    keyType === "creator"
      ? kpiCards(summaryCreatorKpis(data.current), summaryCreatorKpis(data.comparison ?? none), CREATOR_SPEC, comparison)
      : kpiCards(summaryAffiliateKpis(data.current), summaryAffiliateKpis(data.comparison ?? none), AFFILIATE_SPEC, comparison);
  // "By revenue" as the Revenue report's breakdowns: the sale for a creator, the commission for an affiliate.
  const split = summaryBreakdowns(data.current, ["product", "offer"], saleShareSum(keyType));
  const top = keyType === "creator"
    ? [{ dimension: "product" as const, perCurrency: topRows(split.product) }, { dimension: "offer" as const, perCurrency: topRows(split.offer) }]
    : [{ dimension: "product" as const, perCurrency: topRows(split.product) }];
  return { kpis, top };
}

async function loadLast30(client: MirroredClient, keyType: KeyType, params: ReportParams, options: LoadOptions) {
  const data = await loadRevenueSummaries(client, params, options);
  try {
    return { data, ...last30Figures(data, keyType) };
  } catch (error) {
    // As the Revenue report: what a stored summary cannot place exactly is made from the records.
    if (!(error instanceof SummaryInexactError)) throw error;
    const fromRecords = revenueSummariesFrom(await loadRevenueRecords(client, params, options));
    return { data: fromRecords, ...last30Figures(fromRecords, keyType) };
  }
}

const saleDays = (purchases: readonly Purchase[]) => purchases.map((p) => p.checkoutInitializedAt);

/**
 * The last 30 days' refund and chargeback rates against the 30 before, dated by sale: the Refunds
 * report's figures (refunds-facts.ts from the fact tables when they hold both periods, else the
 * records' parts), without its lists.
 */
export async function loadRefundRates(client: MirroredClient, keyType: KeyType, last30: ReportParams, windows: OverviewWindows, options: LoadOptions): Promise<Pick<RefundsParts, "figures" | "previous" | "comparisonDataFrom" | "reports">> {
  const params: ReportParams = { ...last30, dating: "sale" };
  const fromFacts = options.facts ? await refundsFromFacts(client, keyType, params, options, options.facts, options.eventFacts, false) : null;
  if (fromFacts) return fromFacts;
  const [refunds, before] = await withComparison(
    loadRefundRecords(client, { ...last30, compare: "none" }, options),
    (loaded) => loaded.currency,
    (currency) => loadRefundRecords(client, { ...last30, ...windows.previous30, compare: "none" }, { ...options, currency }),
  );
  const rows = (d: typeof refunds) => refundKpis(d.purchases, d.refunds, d.chargebacks, "sale", refunds.currency.currency);
  return {
    figures: rows(refunds),
    previous: before ? rows(before) : null,
    comparisonDataFrom: before ? comparisonDataStart(windows.previous30, saleDays(before.purchases), saleDays(refunds.purchases)) : null,
    reports: { current: refunds.reports, comparison: before?.reports ?? null },
  };
}

export async function buildOverviewView(client: MirroredClient, keyType: KeyType, windows: OverviewWindows, given: LoadOptions = {}): Promise<OverviewView> {
  const options = withReportDeadline(client, given);
  const last30 = reportParams(windows, windows.last30, "previous");
  const day = (d: string) => reportParams(windows, { from: d, to: d }, "none");
  const [revenue, today, weekAgo, refundRates, carts, history] = await Promise.all([
    loadLast30(client, keyType, last30, options),
    loadRevenueRecords(client, day(windows.today), options),
    loadRevenueRecords(client, day(windows.weekAgo.day), options),
    loadRefundRates(client, keyType, last30, windows, options),
    // Affiliate keys get 403 from the carts endpoint: it is never asked. The Abandonment report's KPIs (from its store where it holds the week).
    keyType === "creator" ? loadAbandonmentKpis(client, reportParams(windows, windows.week, "none"), options) : null,
    // Every synced sale, as the payout calendar reads them (summed by the purchases fact table
    // when it holds the history): a sale may wait longer than 30 days.
    loadFundsDue(client, keyType, new Date(windows.now), windows.funds, options),
  ]);

  // Before the account's first sale there is nothing to compare with: "no comparison data", not a change.
  const rates = kpiCards(refundRates.figures, refundRates.previous ?? [], RATE_SPEC, { withComparison: true, partialComparison: refundRates.comparisonDataFrom !== null });
  const weekAgoRange = { from: windows.weekAgo.day, to: windows.weekAgo.day };
  // A day the upstream did not answer for (too slow, or down) is unknown, not a day without
  // sales: today is then shown as unread (no figure, no change), a week ago as a partial comparison.
  const unread = (reports: readonly { unfetchedDays: readonly string[] }[]) => reports.some((r) => r.unfetchedDays.length > 0);
  const todayUnread = unread(today.reports);
  const todayPartial = unread(weekAgo.reports) || comparisonDataStart(weekAgoRange, saleDays(weekAgo.current), saleDays(today.current)) !== null;

  const abandoned = carts
    ? carts.kpis.map((k) => ({
        currency: k.currency,
        carts: k.abandonedCarts - k.recoveredCarts,
        // Not recovered yet: what the customers could still come back and pay.
        value: fromCents(toCents(k.abandonedValue) - toCents(k.recoveredValue)),
      }))
    : null;

  const current = [...revenue.data.reports, ...today.reports, ...refundRates.reports.current, ...(carts?.reports ?? []), history.report];
  const comparison = [...(revenue.data.comparisonReports ?? []), ...weekAgo.reports, ...(refundRates.reports.comparison ?? [])];
  return {
    keyType,
    windows,
    today: todayUnread ? [] : moneyCards(keyType, today.current.filter(within(windows.todaySoFar)), weekAgo.current.filter(within(windows.weekAgo)), { withComparison: true, partialComparison: todayPartial }),
    todayUnread,
    last30: revenue.kpis,
    rates,
    chargebackStanding: Object.fromEntries(rates.map((r) => [r.currency, chargebackStanding(r.items.find((i) => i.key === "chargebackRate")?.value ?? null)])),
    funds: history.funds,
    abandoned,
    top: revenue.top,
    quality: reportQuality({ current, comparison }, { records: revenue.data.assumedCurrencyRecords, currency: revenue.data.currency }),
  };
}
