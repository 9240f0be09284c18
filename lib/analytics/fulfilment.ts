// Fulfilment of physical orders: how many sit at each tracking milestone, with which carrier
// and supplier, and how long delivery took after the order was completed.
import type { Order } from "@/lib/records/order";

export type FulfilmentOrder = Pick<Order, "lastTrackingMilestone" | "trackingCarrier" | "supplierName" | "orderCompletedAt" | "deliveredAt">;

export interface Count { key: string; count: number }

export interface DeliveryTimes {
  /** Delivered orders with both timestamps. */
  delivered: number;
  medianDays: number | null;
  p90Days: number | null;
  /** Days from completion to delivery, in buckets: `key` as the CSV names it, `id` for the page's words. */
  histogram: DeliveryBucket[];
}

export type DeliveryBucketId = "upTo2" | "upTo5" | "upTo8" | "upTo14" | "over14";
export interface DeliveryBucket extends Count { id: DeliveryBucketId }

export interface Fulfilment {
  /** Orders without tracking (digital products) are not fulfilment work and are counted apart. */
  withoutShipping: number;
  byMilestone: Count[];
  byCarrier: Count[];
  bySupplier: Count[];
  deliveryTimes: DeliveryTimes;
}

const BUCKETS: ReadonlyArray<[DeliveryBucketId, string, number]> = [
  ["upTo2", "0–2 days", 2], ["upTo5", "3–5 days", 5], ["upTo8", "6–8 days", 8], ["upTo14", "9–14 days", 14], ["over14", "15 days or more", Infinity],
];

function counted(map: Map<string, number>): Count[] {
  return [...map].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const value = (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (position - low);
  return Math.round(value * 10) / 10;
}

export function fulfilment(orders: readonly FulfilmentOrder[]): Fulfilment {
  const milestones = new Map<string, number>();
  const carriers = new Map<string, number>();
  const suppliers = new Map<string, number>();
  const days: number[] = [];
  let withoutShipping = 0;
  for (const o of orders) {
    if (!o.lastTrackingMilestone) {
      withoutShipping++;
      continue;
    }
    milestones.set(o.lastTrackingMilestone, (milestones.get(o.lastTrackingMilestone) ?? 0) + 1);
    const carrier = o.trackingCarrier || "unknown";
    carriers.set(carrier, (carriers.get(carrier) ?? 0) + 1);
    const supplier = o.supplierName || "unknown";
    suppliers.set(supplier, (suppliers.get(supplier) ?? 0) + 1);
    if (o.deliveredAt && o.orderCompletedAt) {
      const d = (Date.parse(o.deliveredAt) - Date.parse(o.orderCompletedAt)) / 86_400_000;
      if (Number.isFinite(d) && d >= 0) days.push(d);
    }
  }
  days.sort((a, b) => a - b);
  const histogram = BUCKETS.map(([id, key]): DeliveryBucket => ({ id, key, count: 0 }));
  for (const d of days) (histogram[BUCKETS.findIndex(([, , max]) => d <= max)] as Count).count++;
  return {
    withoutShipping,
    byMilestone: counted(milestones),
    byCarrier: counted(carriers),
    bySupplier: counted(suppliers),
    deliveryTimes: { delivered: days.length, medianDays: quantile(days, 0.5), p90Days: quantile(days, 0.9), histogram },
  };
}
