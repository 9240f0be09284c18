import "server-only";

// The Abandonment report's purchases from the purchases fact table
// (lib/query/checkout-purchase-query.ts), when the table holds every day of both periods as the
// mirror served them (the same fetch time, none left unfetched); null otherwise, and the report
// reads the purchases' records. The day summaries the mirror keeps beside the records give the
// fetch reports and the currency decision, as the filtered Revenue report's do
// (revenue-summaries.ts): no sealed day is opened, and any day the mirror lacks or holds stale is
// fetched first, which writes its rows.
import { tallyByOffer, withAssumedCurrency, type CurrencyAssumption, type CurrencyTally } from "@/lib/analytics/assumed-currency";
import { comparisonRange } from "@/lib/analytics/compare";
import { utcFetchWindow } from "@/lib/analytics/local-days";
import { PURCHASE_SUMMARY, type PurchaseSummary } from "@/lib/analytics/purchase-summary";
import { missingCurrencyByOffer, offerCurrencies } from "@/lib/analytics/purchase-summary-merge";
import { queryCheckoutPurchases, type ReportPurchase } from "@/lib/query/checkout-purchase-query";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { PURCHASE_FILTERS, type PurchasesOf } from "./abandonment-records";
import { factsHold } from "./facts-hold";
import { rangeOptions, type LoadOptions } from "./load-options";
import type { RangeResult } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/** The filters the report applies to purchases. */
export const PURCHASE_FILTER_KEYS = Object.keys(PURCHASE_FILTERS) as FilterKey[];

/** Each period's purchase summaries by its fetch window, when the table holds every day of both periods as the mirror served them; else null. */
export type HeldPurchaseSummaries = (window: { from: string; to: string }) => { report: RangeResult<"purchases">["report"]; summaries: PurchaseSummary[] };

export async function heldPurchaseSummaries(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: PurchaseFactStore): Promise<HeldPurchaseSummaries | null> {
  const comparison = params.compare === "none" ? null : comparisonRange(params, params.compare);
  const windows = [params, ...(comparison ? [comparison] : [])].map((range) => utcFetchWindow(range.from, range.to, params.tz));
  // Every day's summary, none opened: the fetch window's whole days are what the records' load reads.
  const digestOnly = { ...rangeOptions(options), digest: { digester: PURCHASE_SUMMARY, recordDays: new Set<string>() } };
  // Both periods side by side, within the credential's rate limit, as the records' loads are.
  const fetched = await Promise.all(windows.map((window) => client.fetchRange("purchases", window, digestOnly)));
  if (!(await factsHold(facts, client.identity, fetched.map((f) => f.report)))) return null;
  const key = (window: { from: string; to: string }) => `${window.from}/${window.to}`;
  const byWindow = new Map(windows.map((window, i) => [key(window), { report: fetched[i]!.report, summaries: [...fetched[i]!.digests.values()] as PurchaseSummary[] }]));
  return (window) => byWindow.get(key(window))!;
}

/** How many of the period's purchases came without a currency (per offer, from the summaries), and how they were placed. */
export function missingCurrencyOf(summaries: readonly PurchaseSummary[], decided: CurrencyAssumption): { assumed: number; tally: CurrencyTally } {
  const missing = missingCurrencyByOffer(summaries);
  return { assumed: [...missing.values()].reduce((sum, n) => sum + n, 0), tally: tallyByOffer(decided, missing) };
}

/** The purchases of the report's periods from the table (held: heldPurchaseSummaries'). */
export function factPurchasesOf(client: MirroredClient, held: HeldPurchaseSummaries, facts: PurchaseFactStore): PurchasesOf<ReportPurchase> {
  return async (_client, period, window) => {
    const { report, summaries } = held(window);
    return {
      report,
      offered: offerCurrencies(summaries),
      placed: async (decided) => {
        const rows = await queryCheckoutPurchases(facts, client.identity, { from: period.from, to: period.to, timeZone: period.tz, filters: period.filters, keys: PURCHASE_FILTER_KEYS });
        return { purchases: withAssumedCurrency(rows, decided).records, ...missingCurrencyOf(summaries, decided) };
      },
    };
  };
}
