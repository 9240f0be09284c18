// Delivery against refunds: of the physical orders (those with a tracking milestone), how many
// got a refund or a chargeback, by last milestone, by carrier and by days from order to delivery,
// and per carrier whether late deliveries are refunded more often than those on time. Refunds and
// chargebacks reach their order by `orderId` (the same join as the report's before/after delivery).
// Orders are read as the orders fact table's DeliveryOrder, whether they came from the table or
// from the records (deliveryOrderOf), so both count alike.
import type { Order } from "@/lib/records/order";
import type { DeliveryOrder } from "@/lib/store/order-fact-store";

export type { DeliveryOrder };

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

export type DeliveryDaysId = "upTo3" | "upTo7" | "upTo14" | "over14" | "notDelivered";
/** Whole days from order (orderCreatedAt) to delivery (deliveredAt), the last bucket open. */
export const DELIVERY_DAY_BUCKETS: ReadonlyArray<{ id: DeliveryDaysId; from: number; to: number | null }> = [
  { id: "upTo3", from: 0, to: 3 }, { id: "upTo7", from: 4, to: 7 }, { id: "upTo14", from: 8, to: 14 }, { id: "over14", from: 15, to: null },
];

/** A delivery is late when it took more than this many whole days after the order. */
export const LATE_AFTER_DAYS = 7;

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

const DAY = 86_400_000;

/** Whole days from order to delivery, or null when not delivered (or the dates are unreadable). */
export function daysToDelivery(o: Pick<DeliveryOrder, "orderedAt" | "deliveredAt">): number | null {
  if (o.deliveredAt === null || o.orderedAt === null) return null;
  return Math.max(0, Math.floor((o.deliveredAt - o.orderedAt) / DAY));
}

export function deliveryDaysId(days: number | null): DeliveryDaysId {
  if (days === null) return "notDelivered";
  return DELIVERY_DAY_BUCKETS.find((b) => b.to === null || days <= b.to)!.id;
}

class Tally {
  orders = 0;
  refunded = 0;
  chargedBack = 0;
  add(refund: boolean, chargeback: boolean) {
    this.orders++;
    if (refund) this.refunded++;
    if (chargeback) this.chargedBack++;
  }
  row(key: string): RateRow {
    const rate = (n: number) => (this.orders === 0 ? null : n / this.orders);
    return { key, orders: this.orders, refunded: this.refunded, chargedBack: this.chargedBack, refundRate: rate(this.refunded), chargebackRate: rate(this.chargedBack) };
  }
}

const tallyOf = (map: Map<string, Tally>, key: string) => map.get(key) ?? map.set(key, new Tally()).get(key)!;
const rows = (map: Map<string, Tally>) => [...map].map(([key, t]) => t.row(key)).sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key));
const orderIds = (records: readonly OrderLinked[] | null) => new Set((records ?? []).flatMap((r) => (r.orderId === null ? [] : [r.orderId])));

/** `orders`: the period's physical orders. `refunds`/`chargebacks` null when the Sales API does not offer them: nothing is then counted as one. */
export function deliveryRefunds(orders: readonly DeliveryOrder[], refunds: readonly OrderLinked[] | null, chargebacks: readonly OrderLinked[] | null): DeliveryRefunds {
  const refundedIds = orderIds(refunds);
  const chargedIds = orderIds(chargebacks);
  const milestones = new Map<string, Tally>();
  const carriers = new Map<string, Tally>();
  const days = new Map<string, Tally>([...DELIVERY_DAY_BUCKETS.map((b) => b.id), "notDelivered"].map((id) => [id, new Tally()]));
  const lateness = new Map<string, { onTime: Tally; late: Tally }>();
  let count = 0;
  for (const o of orders) {
    count++;
    const refund = refundedIds.has(String(o.orderId));
    const chargeback = chargedIds.has(String(o.orderId));
    const carrier = o.carrier || "unknown";
    tallyOf(milestones, o.milestone).add(refund, chargeback);
    tallyOf(carriers, carrier).add(refund, chargeback);
    const d = daysToDelivery(o);
    tallyOf(days, deliveryDaysId(d)).add(refund, chargeback);
    if (d === null) continue;
    const pair = lateness.get(carrier) ?? lateness.set(carrier, { onTime: new Tally(), late: new Tally() }).get(carrier)!;
    (d > LATE_AFTER_DAYS ? pair.late : pair.onTime).add(refund, chargeback);
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
