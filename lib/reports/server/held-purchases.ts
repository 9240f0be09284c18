import "server-only";

// What a report reading the purchases fact table needs before its figures, read without opening
// a sealed day: each period's days as marks (range-types.ts), which fetch what the mirror lacks
// or holds stale (and so write its rows) and give the fetch reports; then, when the table holds
// every day as the mirror served them (facts-hold.ts), the currency decision and the filter
// bar's choices from the table (lib/query/purchase-choice-query.ts), as the records path makes
// them of the same local ranges (revenue-records.ts). Null when the table does not hold them:
// the report then reads the records.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { comparisonRange } from "@/lib/analytics/compare";
import { utcFetchWindow } from "@/lib/analytics/local-days";
import { PURCHASE_SUMMARY } from "@/lib/analytics/purchase-summary";
import { purchaseChoices, type PurchaseChoices } from "@/lib/query/purchase-choice-query";
import { missingCurrencyOf, offerCurrenciesOfRange } from "@/lib/query/purchase-currency-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { currencyAssumptionFor } from "./currency-assumption";
import { factsHold } from "./facts-hold";
import { rangeOptions, type LoadOptions } from "./load-options";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface HeldPurchases {
  /** The shown period's fetch report. */
  report: RangeReport;
  /** The comparison period's, when it was asked for and the URL has one. */
  comparison: { range: { from: string; to: string }; report: RangeReport } | null;
  /** The currency of purchases that came without one. */
  decided: CurrencyAssumption;
  /** The same with the shown period's tally of them: what the report's quality note says. */
  currency: CurrencyAssumption;
  /** How many of the shown period's purchases came without a currency. */
  assumedCurrencyRecords: number;
  /** The shown period's filter choices and offers, when asked for. */
  choices: Omit<PurchaseChoices, "currencies"> | null;
}

export interface HeldPurchasesWanted {
  /** The URL's comparison period too (a Revenue, Refunds or Affiliates report; not a table's page). */
  comparison: boolean;
  /** The currency decided over both periods' purchases, as a Revenue report's records are (loadRevenueRecords with its comparison); else over the shown period's. */
  decideOnBoth: boolean;
  /** The filter bar's choices (Revenue, Refunds). */
  choices: boolean;
}

export async function heldPurchases(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: PurchaseFactStore, wanted: HeldPurchasesWanted): Promise<HeldPurchases | null> {
  const compare = wanted.comparison && params.compare !== "none" ? comparisonRange(params, params.compare) : null;
  const periods = compare ? [params, compare] : [params];
  // Every day as its mark, none opened: the whole UTC days the records path fetches for the local range.
  const marksOnly = { ...rangeOptions(options), digest: { digester: PURCHASE_SUMMARY, recordDays: new Set<string>(), marks: true } };
  // Both periods side by side, within the credential's rate limit, as the records' loads are.
  const [shown, before] = await Promise.all(periods.map((range) => client.fetchRange("purchases", utcFetchWindow(range.from, range.to, params.tz), marksOnly)));
  if (!(await factsHold(facts, client.identity, before ? [shown!.report, before.report] : [shown!.report]))) return null;

  const account = client.identity;
  const range = { from: params.from, to: params.to, timeZone: params.tz };
  const [now, then] = await Promise.all([
    wanted.choices ? purchaseChoices(facts, account, range) : offerCurrenciesOfRange(facts, account, range).then((currencies) => ({ currencies, filterOptions: null, offers: null })),
    compare && wanted.decideOnBoth && !options.currency ? offerCurrenciesOfRange(facts, account, { ...compare, timeZone: params.tz }) : null,
  ]);
  const offered = then ? [...now.currencies.offered, ...then.offered] : now.currencies.offered;
  const decided = await currencyAssumptionFor(client, offered, options.currency, options.deadline);
  const { assumed, tally } = missingCurrencyOf(now.currencies.missing, decided);
  return {
    report: shown!.report,
    comparison: compare && before ? { range: compare, report: before.report } : null,
    decided,
    currency: { ...decided, tally },
    assumedCurrencyRecords: assumed,
    choices: now.filterOptions && now.offers ? { filterOptions: now.filterOptions, offers: now.offers } : null,
  };
}
