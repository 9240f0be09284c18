import "server-only";

// The Orders report's figures from the orders fact table (lib/query/order-query.ts), when the
// table holds every day of both periods as the mirror served them (the same fetch time, none
// left unfetched); null otherwise, and the report is made from the records. Which days are held
// and when they were fetched comes from the mirror's orders day marks (day-digesters.ts): the
// fetch reports, invalid records included, without opening a sealed day, and any day the mirror
// lacks or holds stale is fetched first, which writes its rows.
import { comparisonRange } from "@/lib/analytics/compare";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { utcFetchWindow } from "@/lib/analytics/local-days";
import { ORDER_DAY_MARK } from "@/lib/mirror/day-digesters";
import { orderChoices, queryOrders } from "@/lib/query/order-query";
import { missingCurrencyOf } from "@/lib/query/purchase-currency-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuality } from "@/lib/reports/report-quality";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { rangeOptions, type LoadOptions } from "@/lib/reports/server/load-options";
import type { OrderFactStore } from "@/lib/store/order-fact-store";
import type { OrdersFigures } from "./orders-report";
import { factsHold } from "./facts-hold";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { DayDigester } from "@/lib/mirror/day-store";

/** The orders day marks of a local range (no record opened): what the mirror holds, fetching what it lacks or holds stale first. */
export function orderDayMarks(client: MirroredClient, range: { from: string; to: string }, timeZone: string, options: LoadOptions) {
  return client.fetchRange("orders", utcFetchWindow(range.from, range.to, timeZone), { ...rangeOptions(options), digest: { digester: ORDER_DAY_MARK as DayDigester, marks: true } });
}

export async function ordersFiguresFromFacts(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: OrderFactStore): Promise<OrdersFigures | null> {
  const comparison = params.compare === "none" ? null : comparisonRange(params, params.compare);
  // Both periods side by side, within the credential's rate limit, as the records' loads are.
  const [shown, before] = await Promise.all([orderDayMarks(client, params, params.tz, options), comparison ? orderDayMarks(client, comparison, params.tz, options) : null]);
  const reports = before ? [shown.report, before.report] : [shown.report];
  if (!(await factsHold(facts, client.identity, reports))) return null;

  const account = client.identity;
  const choices = await orderChoices(facts, account, { from: params.from, to: params.to, timeZone: params.tz });
  const decided = await currencyAssumptionFor(client, choices.offerCurrencies, options.currency, options.deadline);
  const query = { timeZone: params.tz, granularity: params.granularity, filters: params.filters, currency: decided };
  const [current, previous] = await Promise.all([
    queryOrders(facts, account, { ...query, from: params.from, to: params.to }, params.currency),
    comparison ? queryOrders(facts, account, { ...query, ...comparison }, params.currency) : null,
  ]);
  const { assumed, tally } = missingCurrencyOf(choices.missing, decided);
  return {
    totals: current.totals,
    previousTotals: previous?.totals ?? [],
    comparison,
    comparisonDataFrom: comparison && previous ? comparisonDataStart(comparison, previous.days, current.days) : null,
    series: current.series,
    fulfilment: current.fulfilment,
    quality: reportQuality({ current: [shown.report], comparison: before ? [before.report] : null }, { records: assumed, currency: { ...decided, tally } }),
    filterOptions: choices.filterOptions,
    offers: choices.offers,
  };
}
