// The Offer filter's choices in words: each offer by its name, under the product(s) it sells,
// narrowed to the products the Product filter holds. Pure and tiny: the browser's filter bar
// and chips read it (the server makes the choices: lib/analytics/offer-choices.ts).

/**
 * One offer of a report's range: its code (the filter's value), its name when it has one other
 * than the code, and the products its records were sold under (their keys, "none" included).
 */
export interface OfferChoice {
  code: string;
  name?: string;
  products: string[];
}

/** An offer in words: its name, with its code beside it only when another offer shares the name. */
export interface OfferLabel {
  name: string;
  /** Set when the name alone does not tell the offer (two offers of one name, or no name). */
  code?: string;
}

/** A labeller of offer codes: the name, the code too only where two offers share that name. */
export function offerLabeler(choices: readonly OfferChoice[]): (code: string) => OfferLabel | null {
  const byCode = new Map(choices.map((c) => [c.code, c]));
  const uses = new Map<string, number>();
  for (const c of choices) if (c.name) uses.set(c.name, (uses.get(c.name) ?? 0) + 1);
  return (code) => {
    const name = byCode.get(code)?.name;
    if (!name) return null;
    return (uses.get(name) ?? 0) > 1 ? { name, code } : { name };
  };
}

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
