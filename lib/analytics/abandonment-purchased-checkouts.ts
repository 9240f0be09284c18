// Checkouts paid at the first go, read from purchases: the denominator an abandonment rate
// needs besides the carts. A checkout's front purchase stands for the checkout; a recovered
// cart's purchase has the cart's checkoutId, so it is left out here and counted once, as a
// cart that was abandoned and then recovered.
import type { Purchase } from "@/lib/records/purchase";
import { unknownCurrencyOf } from "./assumed-currency";
import { UNKNOWN_CURRENCY } from "./money";

export type CheckoutPurchase = Pick<Purchase, "checkoutId" | "purchaseType" | "currency" | "offerCode">;

export interface PurchasedCheckout {
  /** Null for a front purchase without a checkoutId: it counts as a checkout of its own. */
  checkoutId: string | null;
  /** The currency of its first front purchase, or the fallback. */
  currency: string;
  offerCode: string | null;
}

export const FRONT = "front";

// The KPIs and the four funnels of one period each ask for the same list: it is made once per
// (carts, purchases, fallback), the arrays being the period's and never changed after loading.
const made = new WeakMap<readonly unknown[], WeakMap<readonly unknown[], Map<string, PurchasedCheckout[]>>>();

/** One entry per distinct checkoutId of a front purchase that is not among the carts. */
export function purchasedCheckouts(
  carts: readonly { checkoutId: string }[],
  purchases: readonly CheckoutPurchase[],
  fallbackCurrency: string = UNKNOWN_CURRENCY,
): readonly PurchasedCheckout[] {
  let byPurchases = made.get(carts);
  if (!byPurchases) made.set(carts, (byPurchases = new WeakMap()));
  let byFallback = byPurchases.get(purchases);
  if (!byFallback) byPurchases.set(purchases, (byFallback = new Map()));
  let checkouts = byFallback.get(fallbackCurrency);
  if (!checkouts) byFallback.set(fallbackCurrency, (checkouts = checkoutsOf(carts, purchases, fallbackCurrency)));
  return checkouts;
}

function checkoutsOf(carts: readonly { checkoutId: string }[], purchases: readonly CheckoutPurchase[], fallbackCurrency: string): PurchasedCheckout[] {
  const seen = new Set<string>();
  for (const cart of carts) seen.add(cart.checkoutId);
  const checkouts: PurchasedCheckout[] = [];
  for (const p of purchases) {
    if (p.purchaseType !== FRONT) continue;
    const checkoutId = p.checkoutId || null;
    if (checkoutId !== null) {
      if (seen.has(checkoutId)) continue;
      seen.add(checkoutId);
    }
    // Like carts, purchases whose currency cannot be told are kept per offer.
    const currency = p.currency || (fallbackCurrency === UNKNOWN_CURRENCY ? unknownCurrencyOf(p.offerCode) : fallbackCurrency);
    checkouts.push({ checkoutId, currency, offerCode: p.offerCode || null });
  }
  return checkouts;
}
