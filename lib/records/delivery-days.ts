// Whole days from an order to its delivery, bucketed: one definition for the Refunds report's
// delivery panels, whether the orders fact table groups them (lib/store/order-fact-sql.ts
// compares the same bounds in SQL) or the records' orders are grouped in JavaScript
// (lib/analytics/delivery-refunds.ts).

const DAY_MS = 86_400_000;

export type DeliveryDaysId = "upTo3" | "upTo7" | "upTo14" | "over14" | "notDelivered";
/** Whole days from order (orderCreatedAt) to delivery (deliveredAt), the last bucket open. */
export const DELIVERY_DAY_BUCKETS: ReadonlyArray<{ id: Exclude<DeliveryDaysId, "notDelivered">; from: number; to: number | null }> = [
  { id: "upTo3", from: 0, to: 3 }, { id: "upTo7", from: 4, to: 7 }, { id: "upTo14", from: 8, to: 14 }, { id: "over14", from: 15, to: null },
];

/** A delivery is late when it took more than this many whole days after the order. */
export const LATE_AFTER_DAYS = 7;

/** Whole days from order to delivery (floored, at least 0), or null when not delivered (or the dates are unreadable). */
export function daysToDelivery(o: { orderedAt: number | null; deliveredAt: number | null }): number | null {
  if (o.deliveredAt === null || o.orderedAt === null) return null;
  return Math.max(0, Math.floor((o.deliveredAt - o.orderedAt) / DAY_MS));
}

export function deliveryDaysId(days: number | null): DeliveryDaysId {
  if (days === null) return "notDelivered";
  return DELIVERY_DAY_BUCKETS.find((b) => b.to === null || days <= b.to)!.id;
}

/** Whether a bucket's deliveries are late (every day in it past LATE_AFTER_DAYS); null for orders not delivered. */
export function lateBucket(id: DeliveryDaysId): boolean | null {
  if (id === "notDelivered") return null;
  return DELIVERY_DAY_BUCKETS.find((b) => b.id === id)!.from > LATE_AFTER_DAYS;
}
