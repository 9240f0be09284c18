// The Offer filter's choices in words: each offer by its name (with its code only where two
// offers share the name). Pure and tiny, in every report's first load: the chips and the filter
// bar read it. The server makes the choices (lib/analytics/offer-choices.ts); the popover's
// groups are in offer-groups.ts, loaded with the popover.

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
