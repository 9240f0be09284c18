// Delivery against refunds: of the physical orders (those with a tracking milestone), how many
// got a refund or a chargeback, by last milestone, by carrier and by days from order to delivery,
// and per carrier whether late deliveries are refunded more often than those on time. Refunds and
// chargebacks reach their order by `orderId` (the same join as the report's before/after delivery).
// The rates are read off groups of orders (DeliveryGroup): the orders fact table groups its rows
// (lib/store/order-fact-sql.ts), and the records' orders, read as the table's DeliveryOrder
// (deliveryOrderOf), are grouped here (deliveryGroupsOf), so both count alike.
import type { Order } from "@/lib/records/order";
import { DELIVERY_DAY_BUCKETS, daysToDelivery, deliveryDaysId, lateBucket, LATE_AFTER_DAYS, type DeliveryDaysId } from "@/lib/records/delivery-days";
import type { DeliveryGroup, DeliveryOrder } from "@/lib/store/order-fact-store";

export type { DeliveryDaysId, DeliveryGroup, DeliveryOrder };
export { DELIVERY_DAY_BUCKETS, daysToDelivery, deliveryDaysId, LATE_AFTER_DAYS };

/** As the orders fact table reads an instant (Date.parse): null when absent or unreadable. */
const parsed = (value: string | null | undefined): number | null => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** A record as the delivery panels read it; null for an order without a tracking milestone (nothing shipped). */
export function deliveryOrderOf(o: Order): DeliveryOrder | null {
  if (!o.lastTrackingMilestone) return null;
  return { orderId: o.orderId, milestone: o.lastTrackingMilestone, carrier: o.trackingCarrier ?? "", supplier: o.supplierName ?? "", orderedAt: parsed(o.orderCreatedAt), deliveredAt: parsed(o.deliveredAt) };
}

/** A refund or chargeback row: only its order matters here. */
export interface OrderLinked { orderId: string | null }

/** A group of orders: how many, how many with a refund / a chargeback, and the rates (null without orders). */
export interface RateRow { key: string; orders: number; refunded: number; chargedBack: number; refundRate: number | null; chargebackRate: number | null }

export interface CarrierLateness { carrier: string; onTime: RateRow; late: RateRow }

export interface DeliveryRefunds {
  /** Physical orders of the period: the denominators' total. */
  orders: number;
  lateAfterDays: number;
  byMilestone: RateRow[];
  byCarrier: RateRow[];
  /** Keyed by DeliveryDaysId, in bucket order, "notDelivered" last. */
  byDays: RateRow[];
  /** Delivered orders only, per carrier: late against on time. */
  lateByCarrier: CarrierLateness[];
}

class Tally {
  orders = 0;
  refunded = 0;
  chargedBack = 0;
  add(g: Pick<DeliveryGroup, "refunded" | "chargedBack" | "orders">) {
    this.orders += g.orders;
    if (g.refunded) this.refunded += g.orders;
    if (g.chargedBack) this.chargedBack += g.orders;
  }
  row(key: string): RateRow {
    const rate = (n: number) => (this.orders === 0 ? null : n / this.orders);
    return { key, orders: this.orders, refunded: this.refunded, chargedBack: this.chargedBack, refundRate: rate(this.refunded), chargebackRate: rate(this.chargedBack) };
  }
}

const tallyOf = (map: Map<string, Tally>, key: string) => map.get(key) ?? map.set(key, new Tally()).get(key)!;
const rows = (map: Map<string, Tally>) => [...map].map(([key, t]) => t.row(key)).sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key));

/**
 * The order ids a list of refunds or chargebacks names, as numbers: an order's id is a number,
 * and a record names it when its orderId is that number's text (the records' join, String(id)).
 * Null when the Sales API does not offer the list.
 */
export function linkedOrderIds(records: readonly OrderLinked[] | null): number[] {
  const ids = new Set<number>();
  for (const r of records ?? []) {
    if (r.orderId === null) continue;
    // An id past 2^53 is matched as String(orderId) matched it: by the number's own text.
    const id = Number(r.orderId);
    if (Number.isInteger(id) && String(id) === r.orderId) ids.add(id);
  }
  return [...ids];
}

/** The records' physical orders as the fact table groups its rows: `refunded`/`chargedBack` the order ids named (linkedOrderIds). */
export function deliveryGroupsOf(orders: readonly DeliveryOrder[], refunded: readonly number[], chargedBack: readonly number[]): DeliveryGroup[] {
  const refundedIds = new Set(refunded);
  const chargedIds = new Set(chargedBack);
  const groups = new Map<string, DeliveryGroup>();
  for (const o of orders) {
    const group = { milestone: o.milestone, carrier: o.carrier, bucket: deliveryDaysId(daysToDelivery(o)), refunded: refundedIds.has(o.orderId), chargedBack: chargedIds.has(o.orderId) };
    const key = JSON.stringify(group);
    const found = groups.get(key);
    if (found) found.orders++;
    else groups.set(key, { ...group, orders: 1 });
  }
  return [...groups.values()];
}

/** The delivery rates of the period's physical orders, from their groups (deliveryGroupsOf's or the fact table's). */
export function deliveryRefunds(groups: readonly DeliveryGroup[]): DeliveryRefunds {
  const milestones = new Map<string, Tally>();
  const carriers = new Map<string, Tally>();
  const days = new Map<string, Tally>([...DELIVERY_DAY_BUCKETS.map((b) => b.id), "notDelivered"].map((id) => [id, new Tally()]));
  const lateness = new Map<string, { onTime: Tally; late: Tally }>();
  let count = 0;
  for (const g of groups) {
    count += g.orders;
    const carrier = g.carrier || "unknown";
    tallyOf(milestones, g.milestone).add(g);
    tallyOf(carriers, carrier).add(g);
    tallyOf(days, g.bucket).add(g);
    const late = lateBucket(g.bucket);
    if (late === null) continue;
    const pair = lateness.get(carrier) ?? lateness.set(carrier, { onTime: new Tally(), late: new Tally() }).get(carrier)!;
    (late ? pair.late : pair.onTime).add(g);
  }
  return {
    orders: count,
    lateAfterDays: LATE_AFTER_DAYS,
    byMilestone: rows(milestones),
    byCarrier: rows(carriers),
    byDays: [...days].map(([key, t]) => t.row(key)),
    lateByCarrier: [...lateness].map(([carrier, p]) => ({ carrier, onTime: p.onTime.row("onTime"), late: p.late.row("late") })).sort((a, b) => b.late.orders + b.onTime.orders - (a.late.orders + a.onTime.orders) || a.carrier.localeCompare(b.carrier)),
  };
}
