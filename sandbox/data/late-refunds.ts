// Late refunds (a test control): a refund that appears upstream on an old purchase, at a
// given time and for a given amount. Pure data: the Dataset applies them to what it serves,
// and ground truth, given the same list, applies them the same way.
import { purchaseOrigin } from "./generate-day";
import type { RawPurchase } from "./raw-types";
import { DAY_MS } from "./time";

/** As the control gives it: `amount` in currency units (major units, like the API's amounts). */
export interface LateRefund {
  purchaseId: number;
  requestedAt: string;
  amount: number;
}

/** A late refund already requested at "now", with where its purchase was generated. */
export interface LateRefundInEffect {
  purchaseId: number;
  creatorNo: number;
  /** The UTC day the purchase's checkout loaded: the generator day that holds it. */
  originDay: number;
  requestedMs: number;
  amountCents: number;
}

export type LateRefundIndex = ReadonlyMap<number, LateRefundInEffect>;

export const NO_LATE_REFUNDS: LateRefundIndex = new Map();

/** The late refunds requested by `now` (to the second), by purchase id; ids no generator day can hold are dropped. */
export function lateRefundsByNow(list: readonly LateRefund[], now: number): LateRefundIndex {
  if (list.length === 0) return NO_LATE_REFUNDS;
  const index = new Map<number, LateRefundInEffect>();
  for (const { purchaseId, requestedAt, amount } of list) {
    const origin = purchaseOrigin(purchaseId);
    const requestedMs = Math.floor(Date.parse(requestedAt) / 1000) * 1000;
    // A purchase is made no earlier than its checkout's day: a refund requested before that day has nothing to refund.
    if (!origin || !(requestedMs <= now) || origin.day > Math.floor(requestedMs / DAY_MS)) continue;
    index.set(purchaseId, { purchaseId, creatorNo: origin.creatorNo, originDay: origin.day, requestedMs, amountCents: Math.round(amount * 100) });
  }
  return index;
}

/**
 * The late refund in effect on this purchase: requested by now and not before the purchase
 * was made. It replaces the purchase's generated refund, if it had one.
 */
export function lateRefundOf(late: LateRefundIndex, p: RawPurchase): LateRefundInEffect | undefined {
  const refund = late.get(p.purchaseId);
  return refund && refund.requestedMs >= p.createdMs ? refund : undefined;
}

/** The refunded amount of a late refund: its amount, at most the purchase's transaction amount. */
export function lateRefundCents(refund: LateRefundInEffect, p: RawPurchase): number {
  return Math.min(refund.amountCents, p.amounts.transaction);
}
