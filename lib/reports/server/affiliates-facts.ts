import "server-only";

// The Affiliates report's purchases summed by the purchases fact table, when it holds every day
// of both periods as the mirror served them (facts-hold.ts); null
// otherwise, and the report sums the records. The purchases' days are read as marks first, as a
// filtered Revenue report reads them (held-purchases.ts): they fetch what is missing or stale
// (which writes its rows) and give the fetch reports; the table gives the currency decision (the
// shown period's, as the records path decides it). The disputed sales come from the chargebacks' table when it holds the period's
// window, else from the records (loadDisputedSales), with the endpoints' availability and notes;
// the purchases table places them on their affiliate and currency. Opening two years of sealed
// loss days for those ids alone took ~3.4 s of a 3.8 s visit at scale 20 (docs/benchmarks.md).
import { leaderboardOf, trendTotals } from "@/lib/analytics/affiliate-leaderboard";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { affiliateSumsFromFacts } from "@/lib/query/affiliate-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { affiliatesLoadParams, type AffiliatesParts } from "@/lib/reports/server/affiliates-parts";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { loadDisputedSales } from "@/lib/reports/server/refunds-loss-rows";
import { heldPurchases } from "@/lib/reports/server/held-purchases";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export async function affiliatesFromFacts(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: PurchaseFactStore): Promise<AffiliatesParts | null> {
  const loaded = affiliatesLoadParams(params);
  // The purchases' marks and the currency decision (the shown period's, as the records path decides it), and the loss records, side by side.
  const [held, losses] = await Promise.all([
    heldPurchases(client, loaded, options, facts, { comparison: true, decideOnBoth: false, choices: false }),
    loadDisputedSales(client, loaded, options, options.eventFacts),
  ]);
  if (!held) return null;
  const compare = held.comparison?.range ?? null;
  const disputed = losses.disputed;
  const query = { timeZone: params.tz, filters: loaded.filters, currency: held.decided };
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
    reports: { current: [held.report, ...losses.reports], comparison: held.comparison ? [held.comparison.report] : null },
    currency: held.currency,
    assumedCurrencyRecords: held.assumedCurrencyRecords,
  };
}
