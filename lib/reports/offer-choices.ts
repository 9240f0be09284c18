// The Offer filter's choices in words, as the server sends them with a report's view (made by
// lib/analytics/offer-choices.ts): the browser only looks an offer's words up, in the chips and
// the filter bar; the popover's groups are in offer-groups.ts, loaded with the popover.

/**
 * One offer of a report's range: its code (the filter's value), its words when it has a name
 * ("Name", or "Name (CODE)" where two offers share the name), and the products its records were
 * sold under (their keys, "none" included).
 */
export interface OfferChoice {
  code: string;
  label?: string;
  products: string[];
}
