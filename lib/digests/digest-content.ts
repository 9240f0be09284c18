import "server-only";

// What a digest says, as figures: the key figures of the period per currency beside the
// baseline's, and the changes that matter most, each with what explains it; then the Overview's
// refund and chargeback rates of the last 30 days (against the card networks' lines) and its
// money becoming available in the next 14 days. Every figure is
// read off the same summaries and by the same views as the Revenue report's (the query layer:
// lib/reports/server/revenue-summaries.ts, lib/analytics/purchase-summary-views.ts), so a digest
// never says a number the dashboard would not. No customer's personal data is in it: the
// summaries hold none.
import { SUM, SUMMARY_DIMENSIONS } from "@/lib/analytics/purchase-summary";
import type { MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import { summaryAffiliateKpis, summaryBreakdowns, summaryCreatorKpis } from "@/lib/analytics/purchase-summary-views";
import { saleShareSum } from "@/lib/analytics/key-share";
import type { Dimension } from "@/lib/analytics/dimensions";
import { explainChange, type Finding } from "@/lib/insights/contribution";
import { SAME_SALES, summaryDimensionValues, type ChangeFigure } from "@/lib/insights/summary-dimensions";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { parseReportParams } from "@/lib/report-params/parse";
import { periodQuality, type PeriodQuality } from "@/lib/reports/report-quality";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { loadRevenueSummaries } from "@/lib/reports/server/revenue-summaries";
import type { KeyType } from "@/lib/sales-api";
import type { CurrencyAmount } from "@/lib/analytics/funds-availability";
import { chargebackStanding, type RateStanding } from "@/lib/reports/overview-figures";
import { overviewWindows } from "@/lib/reports/overview-windows";
import { loadRefundRates, reportParams } from "@/lib/reports/server/overview-report";
import { loadFundsDue } from "@/lib/reports/server/payouts-report";
import type { DayRange, DigestPeriod } from "./digest-period";

/** The key figures a digest lists, per key type, in the KPIs' own names (lib/analytics/revenue-kpis). */
export const DIGEST_FIGURES = {
  creator: ["transactionAmount", "creatorNet", "orders", "purchases", "averageOrderValue", "refunded"],
  affiliate: ["commission", "commissionNet", "referredSales", "orders", "purchases", "refunded"],
} as const satisfies Record<KeyType, readonly string[]>;

export type DigestFigureKey = (typeof DIGEST_FIGURES)[KeyType][number];

export interface DigestFigure {
  key: DigestFigureKey;
  /** As the KPI cards show it: money in the currency's units, counts as counts; null where it has none (no orders). */
  current: number | null;
  previous: number | null;
}

export interface DigestCurrency {
  currency: string;
  figures: DigestFigure[];
}

export type { ChangeFigure };

export interface DigestChange {
  currency: string;
  figure: ChangeFigure;
  /** Counts, or cents. */
  current: number;
  previous: number;
  /** What explains it (lib/insights/contribution), the most telling first; empty when the change is spread as the sales were. */
  findings: Finding<Dimension>[];
}

/** Where a currency's sales stand over the last 30 days, as the Overview's tile has them (by sale date). */
export interface DigestStanding {
  currency: string;
  refundRate: number | null;
  chargebackRate: number | null;
  /** Against the card networks' lines (0.9%, 1.5%): lib/reports/overview-figures.ts. */
  chargebackStanding: RateStanding | null;
}

export interface DigestContent {
  keyType: KeyType;
  timeZone: string;
  cadence: DigestPeriod["cadence"];
  period: DayRange;
  baseline: DayRange;
  /** The currencies of either period, the period's most purchases first. */
  currencies: DigestCurrency[];
  /** At most three, the least likely by chance first. */
  changes: DigestChange[];
  /** Whether each period's figures are whole (days over the API's limit, days not fetched, records left out). */
  quality: { period: PeriodQuality; baseline: PeriodQuality };
  /** Records without a currency, counted in the one named (as the report says it). */
  assumedCurrency: { currency: string; records: number } | null;
  /** The last 30 days to the digest's moment, as the Overview's rates tile. */
  standing: DigestStanding[];
  /** Money becoming available from the digest's day to the end of the 14th day, as the Overview's funds tile. */
  funds: { from: string; to: string; perCurrency: CurrencyAmount[] };
  /** Whether the standing and the funds are whole (their own fetches). */
  overviewQuality: PeriodQuality;
}

const CHANGES = 3;


/** The figures of one currency in a summary, by their KPI names. */
function figuresOf(summary: MergedSummary, keyType: KeyType): Map<string, Record<string, number | null>> {
  const rows: ReadonlyArray<{ currency: string }> = keyType === "creator" ? summaryCreatorKpis(summary) : summaryAffiliateKpis(summary);
  return new Map(rows.map((row) => [row.currency, row as unknown as Record<string, number | null>]));
}

/**
 * How unlikely a change is by chance, as a count's: the change over the square root of the two
 * counts (a Poisson count's spread); an amount's change in units of the period's average sale.
 * So a fall from 1000 sales to 620 ranks above a rise from 2 to 6.
 */
function surprise(current: number, previous: number, purchases: number): number {
  if (purchases === 0 || current === previous) return 0;
  const scale = (current + previous) / purchases; // 1 for counts; the average sale for amounts
  return Math.abs(current - previous) / (scale * Math.sqrt(purchases));
}

export interface DigestRequest {
  keyType: KeyType;
  timeZone: string;
  period: DigestPeriod;
  /** The moment the digest is made (epoch ms): the ranges are read as of it. */
  at: number;
}

export async function digestContent(client: MirroredClient, request: DigestRequest, options: LoadOptions = {}): Promise<DigestContent> {
  const { keyType, timeZone, period: digest, at } = request;
  const paramsOf = (range: DayRange) => {
    const { params, problems } = parseReportParams({ from: range.from, to: range.to, tz: timeZone, compare: "none" }, new Date(at));
    if (problems.length > 0) throw new RangeError(`a digest's range cannot be read: ${problems.join("; ")}`);
    return params;
  };
  const windows = overviewWindows(new Date(at), timeZone);
  const [shown, before, rates, funds] = await Promise.all([
    loadRevenueSummaries(client, paramsOf(digest.period), options),
    loadRevenueSummaries(client, paramsOf(digest.baseline), options),
    loadRefundRates(client, keyType, reportParams(windows, windows.last30, "previous"), windows, options),
    loadFundsDue(client, keyType, new Date(at), windows.funds, options),
  ]);
  const now = figuresOf(shown.current, keyType);
  const then = figuresOf(before.current, keyType);
  const order = [...now.keys(), ...[...then.keys()].filter((c) => !now.has(c))];
  // A figure of a currency absent from a period is 0 there; an average without orders is none.
  const figureOf = (kpis: typeof now, currency: string, key: DigestFigureKey) => kpis.get(currency)?.[key] ?? (key === "averageOrderValue" ? null : 0);
  const currencies = order.map((currency) => ({
    currency,
    figures: DIGEST_FIGURES[keyType].map((key): DigestFigure => ({ key, current: figureOf(now, currency, key), previous: figureOf(then, currency, key) })),
  }));

  const value = saleShareSum(keyType);
  const candidates: Array<{ change: Omit<DigestChange, "findings">; surprise: number }> = [];
  for (const currency of order) {
    const count = (s: MergedSummary) => s.currencies.find((m) => m.currency === currency)?.purchases ?? 0;
    const cents = (s: MergedSummary) => s.currencies.find((m) => m.currency === currency)?.sums[SUM[value]] ?? 0;
    const purchases = count(shown.current) + count(before.current);
    for (const [figure, read] of [["purchases", count], ["amount", cents]] as const) {
      const current = read(shown.current);
      const previous = read(before.current);
      const score = surprise(current, previous, purchases);
      if (score > 0) candidates.push({ change: { currency, figure, current, previous }, surprise: score });
    }
  }
  const top = candidates
    .sort((a, b) => b.surprise - a.surprise || (a.change.currency < b.change.currency ? -1 : a.change.currency > b.change.currency ? 1 : 0))
    .slice(0, CHANGES);
  // Every dimension's split of both periods, made once for all the changes told.
  const split = top.length > 0 ? { now: summaryBreakdowns(shown.current, SUMMARY_DIMENSIONS, value), before: summaryBreakdowns(before.current, SUMMARY_DIMENSIONS, value) } : null;
  const changes = top.map(({ change }) => ({ ...change, findings: explainChange(summaryDimensionValues(split!.now, [split!.before], change.currency, change.figure), { sameSales: SAME_SALES }) }));

  return {
    keyType,
    timeZone,
    cadence: digest.cadence,
    period: digest.period,
    baseline: digest.baseline,
    currencies,
    changes,
    quality: { period: periodQuality(shown.reports), baseline: periodQuality(before.reports) },
    assumedCurrency: shown.assumedCurrencyRecords > 0 ? { currency: shown.currency.currency, records: shown.assumedCurrencyRecords } : null,
    standing: rates.figures.map((r) => ({ currency: r.currency, refundRate: r.refundRateCount, chargebackRate: r.chargebackRate, chargebackStanding: chargebackStanding(r.chargebackRate) })),
    funds: { from: windows.funds.from, to: windows.funds.to, perCurrency: funds.funds },
    overviewQuality: periodQuality([...rates.reports.current, funds.report]),
  };
}
