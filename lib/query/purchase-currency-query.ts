import "server-only";

// What the currency decision (lib/reports/server/currency-assumption.ts) reads of a run of whole
// UTC days of purchases, or of a local range, from the purchases fact table: the offers seen with each currency, the
// offers of purchases that came without one, and how many those are per offer. The same as
// offerCurrencies and missingCurrencyByOffer read from the days' summaries
// (lib/analytics/purchase-summary-merge.ts), for a report that reads the table and so need not
// open a summary (a payout calendar's two years, the Abandonment report's purchases).
import { tallyByOffer, type CurrencyAssumption, type CurrencyTally } from "@/lib/analytics/assumed-currency";
import { NONE } from "@/lib/analytics/dimensions";
import type { IsoDay } from "@/lib/calendar";
import type { FactOfferCurrency, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { purchaseTablePlan } from "./purchase-table-query";

/** A report's range of local days in a time zone, as its URL gives it. */
export interface LocalRange { from: IsoDay; to: IsoDay; timeZone: string }

export interface DaysOfferCurrencies {
  /** Each offer with a currency its purchases carry, and each offer of purchases without one (currency ""): inferCurrencies' records. */
  offered: Array<{ offerCode: string; currency: string }>;
  /** The purchases without a currency, per offer code ("" for none). */
  missing: ReadonlyMap<string, number>;
}

export async function offerCurrenciesOfDays(store: PurchaseFactStore, account: string, days: { from: IsoDay; to: IsoDay }): Promise<DaysOfferCurrencies> {
  return currencyInputsOf(await store.offerCurrencies(account, days));
}

/** The same of a local range (its instants, as the records of a Revenue or Refunds report are kept to it): the comparison period's, whose choices are not read. */
export async function offerCurrenciesOfRange(store: PurchaseFactStore, account: string, range: LocalRange): Promise<DaysOfferCurrencies> {
  const plan = purchaseTablePlan({ ...range, filters: {} });
  return currencyInputsOf(await store.offerCurrencies(account, plan.days, { fromMs: plan.bucketStarts[0] ?? plan.endMs, toMs: plan.endMs }));
}

/** The decision's inputs from the store's counts (offerCurrencies', or choices' currencies). */
export function currencyInputsOf(counts: readonly FactOfferCurrency[]): DaysOfferCurrencies {
  const offered: DaysOfferCurrencies["offered"] = [];
  const missing = new Map<string, number>();
  for (const { currency, offer, purchases } of counts) {
    if (!currency) {
      offered.push({ offerCode: offer, currency: "" });
      missing.set(offer, (missing.get(offer) ?? 0) + purchases);
    } else if (offer !== NONE) offered.push({ offerCode: offer, currency });
  }
  // In one order whatever the store's (the decision's offers, and so the plans keyed by them, in one order for the same days).
  offered.sort((a, b) => (a.offerCode < b.offerCode ? -1 : a.offerCode > b.offerCode ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  return { offered, missing };
}

/** How many records came without a currency (per offer: `missing`; purchases, or the Orders report's orders), and how `decided` placed them. */
export function missingCurrencyOf(missing: ReadonlyMap<string, number>, decided: CurrencyAssumption): { assumed: number; tally: CurrencyTally } {
  return { assumed: [...missing.values()].reduce((sum, n) => sum + n, 0), tally: tallyByOffer(decided, missing) };
}
