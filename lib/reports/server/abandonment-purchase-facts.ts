import "server-only";

// The Abandonment report's purchases from the purchases fact table
// (lib/query/checkout-purchase-query.ts), when the table holds every day of both periods as the
// mirror served them (the same fetch time, none left unfetched); null otherwise, and the report
// reads the purchases' records. The days are read as marks (range-types.ts): they give the fetch
// reports without opening a sealed day or its summary, and any day the mirror lacks or holds
// stale is fetched first, which writes its rows; the table gives the currency decision's inputs
// (lib/query/purchase-currency-query.ts).
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import { comparisonRange } from "@/lib/analytics/compare";
import { utcFetchWindow } from "@/lib/analytics/local-days";
import { PURCHASE_SUMMARY } from "@/lib/analytics/purchase-summary";
import { queryCheckoutPurchases, type ReportPurchase } from "@/lib/query/checkout-purchase-query";
import { missingCurrencyOf, offerCurrenciesOfDays, type DaysOfferCurrencies } from "@/lib/query/purchase-currency-query";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { PURCHASE_FILTERS, type PurchasesOf } from "./abandonment-records";
import { factsHold } from "./facts-hold";
import { rangeOptions, type LoadOptions } from "./load-options";
import type { RangeResult } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/** The filters the report applies to purchases. */
export const PURCHASE_FILTER_KEYS = Object.keys(PURCHASE_FILTERS) as FilterKey[];

/** Each period's fetch report and currency inputs by its fetch window, when the table holds every day of both periods as the mirror served them; else null. */
export type HeldPurchaseMarks = (window: { from: string; to: string }) => { report: RangeResult<"purchases">["report"]; currencies: DaysOfferCurrencies };

export async function heldPurchaseMarks(client: MirroredClient, params: ReportParams, options: LoadOptions, facts: PurchaseFactStore): Promise<HeldPurchaseMarks | null> {
  const comparison = params.compare === "none" ? null : comparisonRange(params, params.compare);
  const windows = [params, ...(comparison ? [comparison] : [])].map((range) => utcFetchWindow(range.from, range.to, params.tz));
  // Every day as its mark, none opened: the fetch window's whole days are what the records' load reads.
  const marksOnly = { ...rangeOptions(options), digest: { digester: PURCHASE_SUMMARY, recordDays: new Set<string>(), marks: true } };
  // Both periods side by side, within the credential's rate limit, as the records' loads are.
  const fetched = await Promise.all(windows.map((window) => client.fetchRange("purchases", window, marksOnly)));
  if (!(await factsHold(facts, client.identity, fetched.map((f) => f.report)))) return null;
  const currencies = await Promise.all(windows.map((window) => offerCurrenciesOfDays(facts, client.identity, window)));
  const key = (window: { from: string; to: string }) => `${window.from}/${window.to}`;
  const byWindow = new Map(windows.map((window, i) => [key(window), { report: fetched[i]!.report, currencies: currencies[i]! }]));
  return (window) => byWindow.get(key(window))!;
}

/** The purchases of the report's periods from the table (held: heldPurchaseMarks'). */
export function factPurchasesOf(client: MirroredClient, held: HeldPurchaseMarks, facts: PurchaseFactStore): PurchasesOf<ReportPurchase> {
  return async (_client, period, window) => {
    const { report, currencies } = held(window);
    return {
      report,
      offered: currencies.offered,
      placed: async (decided) => {
        const rows = await queryCheckoutPurchases(facts, client.identity, { from: period.from, to: period.to, timeZone: period.tz, filters: period.filters, keys: PURCHASE_FILTER_KEYS });
        return { purchases: withAssumedCurrency(rows, decided).records, ...missingCurrencyOf(currencies.missing, decided) };
      },
    };
  };
}
