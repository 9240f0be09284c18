// Headline figures of the Abandonment view (creator keys only), per currency. Carts carry no
// currency in the contract: the caller's `currencyOf` places them (see abandonment-currency).
import type { AbandonedCart } from "@/lib/sales-api/schemas/abandoned-cart";
import { cartCurrencyResolver, type CartCurrencyOptions } from "./abandonment-currency";
import { purchasedCheckouts, type CheckoutPurchase } from "./abandonment-purchased-checkouts";
import { median, minutesBetween } from "./abandonment-quantiles";
import { fromCents, toCents, UNKNOWN_CURRENCY } from "./money";
import { timestampMs } from "./timestamps";

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
  /** abandonedCarts / (abandonedCarts + purchasedCheckouts); null when both are 0. */
  abandonmentRate: number | null;
  /** Null when no cart has both timestamps in order. */
  medianMinutesToAbandon: number | null;
}

/** What each figure means, in words the page shows beside it. */
export const ABANDONMENT_DEFINITIONS = {
  abandonedCarts:
    "Abandoned carts: the number of abandoned-cart records in the period. The API places a cart by the start of its checkout session (sessionInitializedAt). A cart recovered later still counts here: it was abandoned first.",
  abandonedValue:
    "Value abandoned: the sum of the carts' amountTransaction (the price of the offer in the cart; for a recovered cart, the amount finally paid), per currency. A cart's currency is that of its offer; carts whose offer currency is unknown are shown under \"unknown\". Amounts in different currencies are never added together.",
  recoveredCarts: "Recovered carts: abandoned carts that the API marks as recovered (isRecovered): the customer came back and paid later.",
  recoveredValue: "Recovered value: the sum of amountTransaction over the recovered carts, per currency.",
  recoveryRate: "Recovery rate: recovered carts ÷ abandoned carts. Empty when there are no abandoned carts.",
  purchasedCheckouts:
    "Purchased checkouts: checkouts paid without being abandoned, counted as the distinct checkoutId of front purchases (purchaseType \"front\") in the period whose checkoutId is not among the abandoned carts. A recovered cart's purchase carries the cart's checkoutId, so it is counted once, as an abandoned (and recovered) cart. A front purchase without a checkoutId counts as a checkout of its own. Order bumps, upsells and downsells are not checkouts. Near the edges of the period, a cart started before the period and recovered inside it is not among the period's carts, so its purchase counts here.",
  abandonmentRate:
    "Abandonment rate: abandoned carts ÷ (abandoned carts + purchased checkouts), the share of checkouts that ended without a payment at the first go (recovered carts included, as they were abandoned first). Checkouts that are in neither list, such as ones left before a checkout session started, are in neither figure. Empty when both are zero.",
  medianMinutesToAbandon:
    "Median time to abandon: the median, in minutes, of the time from the start of the checkout session (sessionInitializedAt) to the moment the API marks the cart abandoned (abandonedAt), over carts with both timestamps. For an even number of carts, the mean of the two middle values. Empty when no cart has both.",
} as const satisfies Record<Exclude<keyof AbandonmentKpis, "currency">, string>;

class CartSums {
  abandoned = 0;
  abandonedCents = 0;
  recovered = 0;
  recoveredCents = 0;
  purchased = 0;
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
      abandonmentRate: s.abandoned + s.purchased > 0 ? s.abandoned / (s.abandoned + s.purchased) : null,
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
