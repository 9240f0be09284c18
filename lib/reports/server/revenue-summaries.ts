import "server-only";

// The purchases behind a Revenue report as merged summaries (lib/analytics/purchase-summary).
// Without filters, each UTC day of the range is read as the summary the mirror keeps beside
// its records, and only the days a local range cuts in two (another time zone) are opened;
// with filters, the purchases fact table answers when it holds every day as the mirror does
// (lib/query/purchase-summary-query.ts); else, or when a summary cannot place a figure
// exactly, the records are summarised.
import { localRangeTest, utcFetchWindow } from "@/lib/analytics/local-days";
import { comparisonRange } from "@/lib/analytics/compare";
import { DAY_MS, formatDay, parseDay } from "@/lib/calendar";
import { PURCHASE_SUMMARY, summarizePurchases, type PurchaseSummary } from "@/lib/analytics/purchase-summary";
import { missingCurrencyByOffer, mergeSummaries, mergeSummariesInSlices, offerCurrencies, type MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { Purchase } from "@/lib/sales-api";
import { dayOfTimestamp } from "@/lib/calendar";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { loadRevenueRecords, type RevenueRecords } from "@/lib/reports/server/revenue-records";
import { purchaseSummaryFromFacts } from "@/lib/query/purchase-summary-query";
import { missingCurrencyOf } from "@/lib/query/purchase-currency-query";
import { summaryChoices, type SummaryChoices } from "@/lib/analytics/purchase-summary-views";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { heldPurchases } from "./held-purchases";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface RevenueSummaries {
  current: MergedSummary;
  /** What the range offers before the URL's filters: the filter bar's choices. */
  choices: SummaryChoices;
  comparison: MergedSummary | null;
  comparisonRange: { from: string; to: string } | null;
  reports: RangeReport[];
  comparisonReports: RangeReport[] | null;
  currency: CurrencyAssumption;
  assumedCurrencyRecords: number;
}

const hasFilters = (params: ReportParams) => Object.values(params.filters).some((values) => values.length > 0);

/** The summaries of records already loaded (a filtered report, a CSV export). */
export function revenueSummariesFrom(data: RevenueRecords): RevenueSummaries {
  const merged = (records: readonly Purchase[]) => mergeSummaries([summarizePurchases(records)], data.currency);
  const current = merged(data.current);
  return {
    current,
    choices: summaryChoices(data.unfiltered === data.current ? current : merged(data.unfiltered)),
    comparison: data.comparison ? merged(data.comparison) : null,
    comparisonRange: data.comparisonRange,
    reports: data.reports,
    comparisonReports: data.comparisonReports,
    currency: data.currency,
    assumedCurrencyRecords: data.assumedCurrencyRecords,
  };
}

/** A local range's day summaries, newest day first (the records' order): stored ones, and the edge days' records summarised. */
async function summariesOfLocalRange(client: MirroredClient, range: { from: string; to: string }, tz: string, options: LoadOptions): Promise<{ summaries: PurchaseSummary[]; report: RangeReport }> {
  const window = utcFetchWindow(range.from, range.to, tz);
  const inRange = localRangeTest(range.from, range.to, tz);
  const days: string[] = [];
  for (let d = parseDay(window.to); d >= parseDay(window.from); d--) days.push(formatDay(d));
  const cut = new Set(days.filter((day) => !(inRange(parseDay(day) * DAY_MS) && inRange((parseDay(day) + 1) * DAY_MS - 1))));
  const { records, digests, report } = await client.fetchRange("purchases", window, { ...rangeOptions(options), digest: { digester: PURCHASE_SUMMARY, recordDays: cut } });
  const summaries = days.map((day) => {
    if (!cut.has(day)) return (digests.get(day) as PurchaseSummary | undefined) ?? summarizePurchases([]);
    return summarizePurchases(records.filter((p) => dayOfTimestamp(p.checkoutInitializedAt) === day && inRange(p.checkoutInitializedAt)));
  });
  return { summaries, report };
}

/** The range's day summaries before any filter (both periods), and the currency decision they give. */
async function unfilteredSummaries(client: MirroredClient, params: ReportParams, options: LoadOptions) {
  const compareRange = params.compare === "none" ? null : comparisonRange(params, params.compare);
  // Both periods are fetched side by side, within the credential's rate limit.
  const [shown, before] = await Promise.all([
    summariesOfLocalRange(client, params, params.tz, options),
    compareRange ? summariesOfLocalRange(client, compareRange, params.tz, options) : null,
  ]);
  // Records of the same offer in either period may tell the currency of those without one.
  const decided = await currencyAssumptionFor(client, offerCurrencies(before ? [...shown.summaries, ...before.summaries] : shown.summaries), options.currency, options.deadline);
  const { assumed, tally } = missingCurrencyOf(missingCurrencyByOffer(shown.summaries), decided);
  return { shown, before, compareRange, decided, assumed, currency: { ...decided, tally } };
}

/**
 * A filtered report from the purchases fact table, when it holds every day of both periods as
 * the mirror served them (the same fetch time, none left unfetched); null otherwise, and the
 * report is made from the records. The days are read as marks first (held-purchases.ts): they
 * fetch what is missing or stale (which writes its rows) and give the fetch reports; the table
 * gives the filters' choices and the currency decision, as the records would.
 */
async function filteredSummariesFromFacts(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: PurchaseFactStore): Promise<RevenueSummaries | null> {
  const held = await heldPurchases(client, params, options, facts, { comparison: true, decideOnBoth: true, choices: true });
  if (!held) return null;
  const query = { timeZone: params.tz, filters: params.filters, currency: held.decided, granularity: params.granularity };
  const [current, comparison] = await Promise.all([
    purchaseSummaryFromFacts(facts, client.identity, { ...query, from: params.from, to: params.to }),
    held.comparison ? purchaseSummaryFromFacts(facts, client.identity, { ...query, ...held.comparison.range }) : null,
  ]);
  return {
    current,
    choices: held.choices!,
    comparison,
    comparisonRange: held.comparison?.range ?? null,
    reports: [held.report],
    comparisonReports: held.comparison ? [held.comparison.report] : null,
    currency: held.currency,
    assumedCurrencyRecords: held.assumedCurrencyRecords,
  };
}

export async function loadRevenueSummaries(client: MirroredClient, params: ReportParams, given: LoadOptions = {}): Promise<RevenueSummaries> {
  const options = withReportDeadline(client, given);
  if (hasFilters(params)) {
    const fromFacts = options.facts ? await filteredSummariesFromFacts(client, params, options, options.facts) : null;
    return fromFacts ?? revenueSummariesFrom(await loadRevenueRecords(client, params, options));
  }
  const { shown, before, compareRange, decided, assumed, currency } = await unfilteredSummaries(client, params, options);
  const current = await mergeSummariesInSlices(shown.summaries, decided);
  return {
    current,
    choices: summaryChoices(current),
    comparison: before ? await mergeSummariesInSlices(before.summaries, decided) : null,
    comparisonRange: compareRange,
    reports: [shown.report],
    comparisonReports: before ? [before.report] : null,
    currency,
    assumedCurrencyRecords: assumed,
  };
}
