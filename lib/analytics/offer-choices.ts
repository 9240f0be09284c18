// The Offer filter's choices made from records (purchases, orders, carts): every offer code of
// the records, the first name seen (records come newest first, as a breakdown's label), and
// the products it was sold under. The purchase summary keeps the same (summaryOfferChoices),
// and the unit tests hold the two to each other.
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { NONE } from "./dimensions";

export interface OfferFields {
  offerCode?: string | null;
  offerName?: string | null;
  productName?: string | null;
}

/** The choice of each offer of `records`, by code; the name only where it says more than the code. */
export function offerChoicesOf(records: Iterable<OfferFields>): OfferChoice[] {
  const offers = new Map<string, { name: string | null; products: Set<string> }>();
  for (const r of records) {
    const code = r.offerCode || NONE;
    let offer = offers.get(code);
    if (offer === undefined) offers.set(code, (offer = { name: r.offerName ?? null, products: new Set() }));
    offer.products.add(r.productName || NONE);
  }
  return offerChoicesFrom(offers);
}

/**
 * Choices from each offer's first name and its products, sorted by code (the filter's order). An
 * offer reads by its name, with its code beside it only where two offers share the name (one per
 * currency, say); "Name (CODE)" reads the same in every language the app speaks.
 */
export function offerChoicesFrom(offers: ReadonlyMap<string, { name: string | null; products: Iterable<string> }>): OfferChoice[] {
  const nameOf = (code: string, name: string | null) => (name && name !== code && code !== NONE ? name : null);
  const uses = new Map<string, number>();
  for (const [code, { name }] of offers) {
    const n = nameOf(code, name);
    if (n) uses.set(n, (uses.get(n) ?? 0) + 1);
  }
  return [...offers]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, { name, products }]) => {
      const n = nameOf(code, name);
      const label = n === null ? null : uses.get(n)! > 1 ? `${n} (${code})` : n;
      return { code, ...(label === null ? {} : { label }), products: [...new Set(products)].sort() };
    });
}
