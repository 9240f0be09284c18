// The Offer popover's lists: offers under the product(s) they sell, narrowed to the products
// the Product filter holds. Pure; loaded with the popover (components/reports/offer-options.tsx),
// out of the reports' first load.
import type { OfferChoice } from "./offer-choices";

export interface OfferGroup {
  /** The product's key ("none" for offers sold without one); null: offers this range does not hold. */
  product: string | null;
  codes: string[];
}

/**
 * The Offer popover's lists: `options` (the filter's codes) under their products, products and
 * offers in `label` order. With products chosen, only their offers, and every offer already
 * chosen (it must stay where it can be unticked). An offer the range does not hold (a link's
 * value) goes into the group of no product, first.
 */
export function offerGroups(
  options: readonly string[],
  choices: readonly OfferChoice[],
  chosen: { offers: readonly string[]; products: readonly string[] },
  label: { offer: (code: string) => string; product: (key: string) => string },
): OfferGroup[] {
  const byCode = new Map(choices.map((c) => [c.code, c]));
  const wanted = new Set(chosen.products);
  const groups = new Map<string | null, string[]>();
  const add = (product: string | null, code: string) => {
    const codes = groups.get(product);
    if (codes) codes.push(code);
    else groups.set(product, [code]);
  };
  for (const code of new Set(options)) {
    const products = byCode.get(code)?.products ?? [];
    const kept = wanted.size === 0 ? products : products.filter((p) => wanted.has(p));
    if (kept.length > 0) for (const p of kept) add(p, code);
    else if (chosen.offers.includes(code)) add(products[0] ?? null, code);
  }
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  const byWords = (key: (v: string) => string) => (a: string, b: string) => collator.compare(key(a), key(b)) || (a < b ? -1 : a > b ? 1 : 0);
  return [...groups]
    .map(([product, codes]) => ({ product, codes: codes.sort(byWords(label.offer)) }))
    .sort((a, b) => (a.product === null ? -1 : b.product === null ? 1 : byWords(label.product)(a.product, b.product)));
}
