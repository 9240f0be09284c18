// The Abandonment page's rule for an offer's currency, written independently of the app: an
// offer's one currency across the range's purchases and the catalog; an offer seen in two
// currencies (or never seen) leaves its carts "unknown". The Abandonment and the i18n specs both
// check the page against it.
import { CREATORS } from "../../../sandbox/data/catalog";

const catalogOffers = CREATORS.flatMap((c) => c.offers.map((o) => ({ offerCode: o.offerCode, currency: o.currency })));

export function currencyOfOffer(purchases: ReadonlyArray<Record<string, unknown>>): (offerCode: string) => string {
  const seen = new Map<string, Set<string>>();
  for (const { offerCode, currency } of [...purchases, ...catalogOffers]) {
    if (typeof offerCode !== "string" || typeof currency !== "string" || !currency) continue;
    (seen.get(offerCode) ?? seen.set(offerCode, new Set()).get(offerCode)!).add(currency.toLowerCase());
  }
  return (offerCode) => {
    const currencies = seen.get(offerCode);
    return currencies?.size === 1 ? [...currencies][0]! : "unknown";
  };
}
