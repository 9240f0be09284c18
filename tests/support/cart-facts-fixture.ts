// Abandoned carts for the carts fact store's tests, from the sandbox's own generator (no
// server): each UTC day's carts of the creator account as the client parses them, with the
// shapes the field notes warn about mixed in (no offer, fields empty, null or absent, a product
// literally named "none", no PSP or card brand, no attempts, recovery unknown, a cart sent
// twice), beside the same days' purchases (purchase-facts-fixture.ts); and the record engine
// that stays the oracle: the Abandonment report's own loader over a client answering those days.
import { cartFactRows } from "@/lib/query/cart-facts";
import { abandonedCartSchema, type AbandonedCart } from "@/lib/records/abandoned-cart";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import { heldClient, heldDayRecords, heldRange, NOW, oncePerKey, parsedBy, sandboxDays, sentTwiceOnSomeDays } from "./held-days";
import { without } from "./order-facts-fixture";
import { purchaseDays } from "./purchase-facts-fixture";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export { NOW, FIRST_DAY, LAST_DAY, utcDays } from "./held-days";

function oddly(c: AbandonedCart, i: number): AbandonedCart {
  if (i % 31 === 0) return { ...c, offerCode: null, offerName: null };
  if (i % 29 === 0) return { ...c, productName: "", cardBrand: null, paymentMethod: null, psp: "" };
  if (i % 23 === 0) return without(c, "productName", "shippingCountry", "psp", "offerCode", "attemptCount", "isRecovered", "checkoutVersion");
  if (i % 19 === 0) return { ...c, productName: "none", shippingCountry: "", cardBrand: "", shippingState: null };
  if (i % 17 === 0) return { ...c, isRecovered: null, lastDeclineCode: "", sessionMode: null };
  if (i % 13 === 0) return { ...c, loadedAt: null, firstAttemptAt: null, attemptApprovedCount: null };
  // An offer renamed: the Offer filter's words are its first name in the records' order.
  if (i % 11 === 0) return { ...c, offerName: `${c.offerName ?? ""} (${i})` };
  return c;
}

/** Each UTC day's carts of the sandbox's creator account, newest first as the API sends them. */
export const cartDays = oncePerKey<void, Map<string, AbandonedCart[]>>(() => {
  let n = 0;
  return heldDayRecords(sandboxDays("creator", "abandoned-carts"), (raw, day) => sentTwiceOnSomeDays(day, parsedBy(abandonedCartSchema, raw).map((c) => oddly(c, ++n))));
});

export const allCarts = (): AbandonedCart[] => [...cartDays().values()].flat();

/** Writes every held day into the store, as the mirror does when it stores a day. */
export async function fillCartFactStore(store: CartFactStore, account = "creator"): Promise<void> {
  for (const [day, records] of cartDays()) await store.replaceDay(account, day, NOW, cartFactRows(records));
}

const idOf: Record<string, (r: never) => string> = {
  "abandoned-carts": (c: AbandonedCart) => c.checkoutId,
  purchases: (p: { purchaseId: number }) => String(p.purchaseId),
};

/** A client that answers the held days of carts and purchases (what the mirror would): records, or a day's mark or digest when a report asks for it. */
export function heldAbandonmentClient(): MirroredClient {
  const byResource: Record<string, Map<string, unknown[]>> = { "abandoned-carts": cartDays(), purchases: purchaseDays("creator") };
  return heldClient("creator", async (resource, window, options) => heldRange(resource, byResource[resource]!, window, options, (r) => idOf[resource]!(r as never)));
}
