import "server-only";

// An abandoned cart as a row of the carts fact table: its value in integer cents (as the
// report's sums add it), its instants, the values the Abandonment report's filters compare and
// its panels group by. Nothing that names or reaches a customer goes into it: no name, e-mail,
// phone, city or card digits.
import { toCents } from "@/lib/analytics/money";
import { timestampMs } from "@/lib/timestamps";
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import type { CartFactRow } from "@/lib/store/cart-fact-store";
import { firstCopies } from "./first-copies";

// The schema admits only real timestamps: a present one always has an instant.
const instant = (value: string | null | undefined): number | null => (value ? timestampMs(value) : null);

export function cartFactRow(c: AbandonedCart): CartFactRow {
  return {
    checkoutId: c.checkoutId,
    sessionAt: timestampMs(c.sessionInitializedAt),
    sessionText: c.sessionInitializedAt,
    // The fields of the report's CART_FILTERS (lib/reports/server/abandonment-records.ts), raw.
    dims: {
      product: c.productName ?? null,
      offer: c.offerCode ?? null,
      method: c.paymentMethod ?? null,
      psp: c.psp ?? null,
      brand: c.cardBrand ?? null,
      country: c.shippingCountry ?? null,
    },
    offerName: c.offerName ?? null,
    state: c.shippingState ?? null,
    checkoutVersion: c.checkoutVersion ?? null,
    sessionMode: c.sessionMode ?? null,
    declineCode: c.lastDeclineCode ?? null,
    amountCents: toCents(c.amountTransaction),
    attempts: c.attemptCount ?? null,
    approved: c.attemptApprovedCount ?? null,
    declined: c.attemptDeclinedCount ?? null,
    recovered: c.isRecovered === true,
    loadedAt: instant(c.loadedAt),
    firstAttemptAt: instant(c.firstAttemptAt),
    firstApprovedAt: instant(c.firstApprovedAt),
    abandonedAt: instant(c.abandonedAt),
    purchasedAt: instant(c.purchasedAt),
  };
}

/** The rows of one stored day: a cart the upstream sent twice (windows that overlap) is one row, its first copy, as fetchRange gives a report each record once. */
export function cartFactRows(records: readonly AbandonedCart[]): CartFactRow[] {
  return firstCopies(records, (c) => c.checkoutId).map(cartFactRow);
}
