// Headline figures of the Abandonment view (creator keys only), per currency. Carts carry no
// currency in the contract: the caller's `currencyOf` places them (see abandonment-currency).
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { isUnknownCurrency } from "./assumed-currency";
import { cartCurrencyResolver, type CartCurrencyOptions } from "./abandonment-currency";
import { purchasedCheckouts, type CheckoutPurchase } from "./abandonment-purchased-checkouts";
import { median, minutesBetween } from "./abandonment-quantiles";
import { fromCents, toCents, UNKNOWN_CURRENCY } from "./money";
import { timestampMs } from "@/lib/timestamps";

export type KpiCart = Pick<AbandonedCart, "checkoutId" | "amountTransaction" | "isRecovered" | "sessionInitializedAt" | "abandonedAt">;

export interface AbandonmentKpis {
  currency: string;
  abandonedCarts: number;
  abandonedValue: number;
  recoveredCarts: number;
  recoveredValue: number;
  /** recoveredCarts / abandonedCarts; null without abandoned carts. */
  recoveryRate: number | null;
  purchasedCheckouts: number;
  /** abandonedCarts / (abandonedCarts + purchasedCheckouts); null when both are 0, or the currency is unknown. */
  abandonmentRate: number | null;
  /** Null when no cart has both timestamps in order. */
  medianMinutesToAbandon: number | null;
}

/**
 * The figures the page defines in words beside them, in this order (the words are messages:
 * abandonment.definitions.<key>, in each language).
 */
export const ABANDONMENT_DEFINITION_KEYS = [
  "abandonedCarts", "abandonedValue", "recoveredCarts", "recoveredValue", "recoveryRate", "purchasedCheckouts", "abandonmentRate", "medianMinutesToAbandon",
] as const satisfies ReadonlyArray<Exclude<keyof AbandonmentKpis, "currency">>;

/** One currency's sums: what the rows are made of, from carts here or from a fact store's aggregates (lib/query/cart-panels.ts). */
export class CartSums {
  abandoned = 0;
  abandonedCents = 0;
  recovered = 0;
  recoveredCents = 0;
  purchased = 0;
  /** Minutes from session start to abandonment: every cart's, or only the middle one or two (all the median reads). */
  minutes: number[] = [];
}

/** Per currency, abandoned carts against purchased checkouts; largest cart count first, ties
 *  by purchased checkouts, then by currency code. */
export function abandonmentKpis<C extends KpiCart>(carts: readonly C[], purchases: readonly CheckoutPurchase[], options: CartCurrencyOptions<C> = {}): AbandonmentKpis[] {
  const currencyOf = cartCurrencyResolver(options);
  const byCurrency = new Map<string, CartSums>();
  const sumsOf = (currency: string): CartSums => {
    let sums = byCurrency.get(currency);
    if (!sums) byCurrency.set(currency, (sums = new CartSums()));
    return sums;
  };
  for (const cart of carts) {
    const sums = sumsOf(currencyOf(cart));
    const cents = toCents(cart.amountTransaction);
    sums.abandoned++;
    sums.abandonedCents += cents;
    if (cart.isRecovered === true) {
      sums.recovered++;
      sums.recoveredCents += cents;
    }
    if (cart.sessionInitializedAt && cart.abandonedAt) {
      const minutes = minutesBetween(timestampMs(cart.sessionInitializedAt), timestampMs(cart.abandonedAt));
      if (minutes !== null) sums.minutes.push(minutes);
    }
  }
  for (const checkout of purchasedCheckouts(carts, purchases, options.fallbackCurrency ?? UNKNOWN_CURRENCY)) sumsOf(checkout.currency).purchased++;
  return kpiRows(byCurrency);
}

/** The rows of each currency's sums: largest cart count first, ties by purchased checkouts, then by currency code. */
export function kpiRows(byCurrency: Iterable<[string, CartSums]>): AbandonmentKpis[] {
  const rows: AbandonmentKpis[] = [];
  for (const [currency, s] of byCurrency) {
    rows.push({
      currency,
      abandonedCarts: s.abandoned,
      abandonedValue: fromCents(s.abandonedCents),
      recoveredCarts: s.recovered,
      recoveredValue: fromCents(s.recoveredCents),
      recoveryRate: s.abandoned > 0 ? s.recovered / s.abandoned : null,
      purchasedCheckouts: s.purchased,
      // Carts of an unknown currency have no purchases to be weighed against (those are counted in
      // their own currency): their rate would read "100%", which is no finding.
      abandonmentRate: !isUnknownCurrency(currency) && s.abandoned + s.purchased > 0 ? s.abandoned / (s.abandoned + s.purchased) : null,
      medianMinutesToAbandon: median(s.minutes),
    });
  }
  return rows.sort(
    (a, b) =>
      b.abandonedCarts - a.abandonedCarts ||
      b.purchasedCheckouts - a.purchasedCheckouts ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );
}
