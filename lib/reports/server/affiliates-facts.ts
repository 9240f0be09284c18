import "server-only";

// The Affiliates report's purchases summed by the purchases fact table, when it holds every day
// of both periods as the mirror served them (facts-hold.ts); null
// otherwise, and the report sums the records. The day summaries are read first, as a filtered
// Revenue report reads them: they fetch what is missing or stale (which writes its rows), and
// give the fetch reports and the currency decision (the shown period's, as the records path
// decides it). The disputed sales come from the chargebacks' table when it holds the period's
// window, else from the records (loadDisputedSales), with the endpoints' availability and notes;
// the purchases table places them on their affiliate and currency. Opening two years of sealed
// loss days for those ids alone took ~3.4 s of a 3.8 s visit at scale 20 (docs/benchmarks.md).
import { leaderboardOf, trendTotals } from "@/lib/analytics/affiliate-leaderboard";
import { comparisonRange } from "@/lib/analytics/compare";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { affiliateSumsFromFacts } from "@/lib/query/affiliate-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { affiliatesLoadParams, type AffiliatesParts } from "@/lib/reports/server/affiliates-parts";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { loadDisputedSales } from "@/lib/reports/server/refunds-loss-rows";
import { factsHold } from "@/lib/reports/server/facts-hold";
import { unfilteredSummaries } from "@/lib/reports/server/revenue-summaries";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export async function affiliatesFromFacts(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: PurchaseFactStore): Promise<AffiliatesParts | null> {
  const compare = params.compare === "none" ? null : comparisonRange(params, params.compare);
  const loaded = affiliatesLoadParams(params);
  const shown = unfilteredSummaries(client, { ...loaded, compare: "none" }, options);
  const decided = shown.then((s) => s.decided);
  decided.catch(() => undefined);
  // Both periods and the loss records side by side; the comparison takes the shown period's currency decision.
  const [now, before, losses] = await Promise.all([
    shown,
    compare ? unfilteredSummaries(client, { ...loaded, ...compare, compare: "none" }, { ...options, currency: decided }) : null,
    loadDisputedSales(client, loaded, options, options.eventFacts),
  ]);
  if (!(await factsHold(facts, client.identity, before ? [now.shown.report, before.shown.report] : [now.shown.report]))) return null;
  const disputed = losses.disputed;
  const query = { timeZone: params.tz, filters: loaded.filters, currency: now.decided };
  const [current, previous] = await Promise.all([
    affiliateSumsFromFacts(facts, client.identity, { ...query, from: params.from, to: params.to }, disputed),
    compare ? affiliateSumsFromFacts(facts, client.identity, { ...query, ...compare }, null) : null,
  ]);
  const comparisonDataFrom = compare && previous ? comparisonDataStart(compare, previous.days, current.days) : null;
  // A comparison period starting before the account's data has no trend to tell (the KPI cards' rule).
  const trend = previous && comparisonDataFrom === null ? trendTotals(previous.currencies) : null;
  return {
    comparison: compare,
    comparisonDataFrom,
    blocks: leaderboardOf({ currencies: current.currencies, chargebacksKnown: disputed !== null, previous: trend }),
    sales: current.currencies.reduce((sum, c) => sum + c.account.sales, 0),
    unavailable: losses.unavailable,
    reports: { current: [now.shown.report, ...losses.reports], comparison: before ? [before.shown.report] : null },
    currency: now.currency,
    assumedCurrencyRecords: [...now.missing.values()].reduce((sum, n) => sum + n, 0),
  };
}
