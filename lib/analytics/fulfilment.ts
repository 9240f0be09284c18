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

/** The value at `position` of the ascending values each held `counts` times, interpolated between its neighbours (the values as one sorted list, each repeated). */
function quantile(values: readonly number[], counts: readonly number[], total: number, q: number): number | null {
  if (total === 0) return null;
  const position = (total - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const at = (index: number): number => {
    let seen = 0;
    for (let i = 0; i < values.length; i++) {
      seen += counts[i]!;
      if (index < seen) return values[i]!;
    }
    return values[values.length - 1]!;
  };
  const lowValue = at(low);
  const value = lowValue + (at(high) - lowValue) * (position - low);
  return Math.round(value * 10) / 10;
}

/** One order of the fulfilment, standing for `count` orders alike (a fact store's group). */
export interface FulfilmentGroup { order: FulfilmentOrder; count: number }

export function fulfilment(orders: readonly FulfilmentOrder[]): Fulfilment {
  return fulfilmentOfGroups(orders.map((order) => ({ order, count: 1 })));
}

/**
 * Fulfilment of groups of orders alike, each counted as many times as it stands for: the one
 * definition, which `fulfilment` gives each order to as a group of one. A store's groups (a few
 * thousand for two years of 700 k orders) are read once each instead of once per order.
 */
export function fulfilmentOfGroups(groups: readonly FulfilmentGroup[]): Fulfilment {
  const milestones = new Map<string, number>();
  const carriers = new Map<string, number>();
  const suppliers = new Map<string, number>();
  const days = new Map<number, number>();
  let delivered = 0;
  let withoutShipping = 0;
  const add = (map: Map<string, number>, key: string, count: number) => map.set(key, (map.get(key) ?? 0) + count);
  for (const { order: o, count } of groups) {
    if (count <= 0) continue;
    if (!o.lastTrackingMilestone) {
      withoutShipping += count;
      continue;
    }
    add(milestones, o.lastTrackingMilestone, count);
    add(carriers, o.trackingCarrier || "unknown", count);
    add(suppliers, o.supplierName || "unknown", count);
    if (o.deliveredAt && o.orderCompletedAt) {
      const d = (Date.parse(o.deliveredAt) - Date.parse(o.orderCompletedAt)) / 86_400_000;
      if (Number.isFinite(d) && d >= 0) {
        days.set(d, (days.get(d) ?? 0) + count);
        delivered += count;
      }
    }
  }
  const values = [...days.keys()].sort((a, b) => a - b);
  const counts = values.map((d) => days.get(d)!);
  const histogram = BUCKETS.map(([id, key]): DeliveryBucket => ({ id, key, count: 0 }));
  values.forEach((d, i) => {
    (histogram[BUCKETS.findIndex(([, , max]) => d <= max)] as Count).count += counts[i]!;
  });
  return {
    withoutShipping,
    byMilestone: counted(milestones),
    byCarrier: counted(carriers),
    bySupplier: counted(suppliers),
    deliveryTimes: { delivered, medianDays: quantile(values, counts, delivered, 0.5), p90Days: quantile(values, counts, delivered, 0.9), histogram },
  };
}
