import "server-only";

// What a report's range of purchases offers before its filters, from the purchases fact table:
// each filter's choices, the Offer filter's choices in words, and the currency decision's inputs.
// The same as the records give them (purchaseFilterKeys, offerChoicesOf, inferCurrencies'
// records; lib/analytics) and as the day summaries did (summaryDimensionKeys,
// summaryOfferChoices), read without opening a sealed day.
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import { offerChoicesFrom } from "@/lib/analytics/offer-choices";
import { FILTER_KEYS, type FilterKey } from "@/lib/report-params/definitions";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { FACT_DIMENSIONS, type PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { currencyInputsOf, type DaysOfferCurrencies, type LocalRange } from "./purchase-currency-query";
import { purchaseTablePlan } from "./purchase-table-query";

export interface PurchaseChoices {
  /** Every filter's keys ("none" included), sorted. */
  filterOptions: Record<FilterKey, string[]>;
  /** Each offer's choice: its first name and its products, sorted by code. */
  offers: OfferChoice[];
  currencies: DaysOfferCurrencies;
}

export async function purchaseChoices(store: PurchaseFactStore, account: string, range: LocalRange): Promise<PurchaseChoices> {
  const choices = await store.choices(account, purchaseTablePlan({ ...range, filters: {} }));
  const keys = FACT_DIMENSIONS.map(() => new Set<string>());
  for (const { dimension, key } of choices.values) keys[dimension]!.add(key);
  const filterOptions = Object.fromEntries(FILTER_KEYS.map((key) => [key, [...keys[FACT_DIMENSIONS.indexOf(FILTER_DIMENSION[key])]!].sort()])) as Record<FilterKey, string[]>;
  const labels = new Map(choices.labels.map((l) => [l.offer, l.label]));
  const offers = new Map<string, { name: string | null; products: string[] }>();
  for (const { offer, product } of choices.offerProducts) {
    const entry = offers.get(offer) ?? offers.set(offer, { name: labels.get(offer) ?? null, products: [] }).get(offer)!;
    entry.products.push(product);
  }
  return { filterOptions, offers: offerChoicesFrom(offers), currencies: currencyInputsOf(choices.currencies) };
}
