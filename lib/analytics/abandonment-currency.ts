// Currency of an abandoned cart. The contract's cart has no currency field, so the caller
// says which currency each cart is in (usually the currency of its offer, learnt from
// purchases or the offer catalog); a cart it cannot place goes to the fallback group.
// Amounts are then added per currency in integer cents and never across currencies.
import { currenciesByOffer, unknownCurrencyOf } from "./assumed-currency";
import { byCountThenCurrency, fromCents, toCents, UNKNOWN_CURRENCY, type CurrencyOptions } from "./money";
import type { CurrencyTotal } from "./totals-by-currency";

export type { CurrencyTotal } from "./totals-by-currency";

/** The currency of one cart; null, undefined or "" when unknown. */
export type CartCurrencyOf<C> = (cart: C) => string | null | undefined;

export interface CartCurrencyOptions<C> extends CurrencyOptions {
  /** Without it every cart goes to `fallbackCurrency` ("unknown" by default). */
  currencyOf?: CartCurrencyOf<C>;
}

const normalize = (currency: string | null | undefined): string => (currency ? currency.trim().toLowerCase() : "");

/** A function giving every cart a currency: the caller's answer in lower case (as purchases
 *  carry it), or the fallback ("unknown" is kept per offer: "unknown:<offerCode>"). */
export function cartCurrencyResolver<C>(options: CartCurrencyOptions<C> = {}): (cart: C) => string {
  const { currencyOf, fallbackCurrency = UNKNOWN_CURRENCY } = options;
  // Carts whose currency cannot be told are kept per offer: two offers may be sold in two currencies.
  const fallback = fallbackCurrency === UNKNOWN_CURRENCY ? (cart: C) => unknownCurrencyOf((cart as { offerCode?: string | null }).offerCode) : () => fallbackCurrency;
  if (!currencyOf) return fallback;
  return (cart) => normalize(currencyOf(cart)) || fallback(cart);
}

/**
 * A `currencyOf` that reads a cart's offerCode against records that carry both an offerCode
 * and a currency (purchases, or offers from the catalog). An offer seen in two currencies is
 * ambiguous: its carts are left unknown rather than guessed (the rule of assumed-currency).
 */
export function offerCurrencyOf(
  sources: Iterable<{ offerCode?: string | null; currency?: string | null }>,
): (cart: { offerCode?: string | null }) => string | undefined {
  const byOffer = currenciesByOffer(sources);
  return (cart) => (cart.offerCode ? (byOffer.get(cart.offerCode) ?? undefined) : undefined);
}

/** Count and integer-cent sum per currency. */
export class CentsByCurrency {
  private readonly sums = new Map<string, { count: number; cents: number }>();

  add(currency: string, amount: number | null | undefined): void {
    this.addSum(currency, 1, toCents(amount));
  }

  /** `count` carts of `cents` together (a group a fact store summed). */
  addSum(currency: string, count: number, cents: number): void {
    const entry = this.sums.get(currency);
    if (entry) {
      entry.count += count;
      entry.cents += cents;
    } else this.sums.set(currency, { count, cents });
  }

  /** Largest count first, ties by currency code. */
  totals(): CurrencyTotal[] {
    return [...this.sums].map(([currency, { count, cents }]) => ({ currency, count, amount: fromCents(cents) })).sort(byCountThenCurrency);
  }
}
