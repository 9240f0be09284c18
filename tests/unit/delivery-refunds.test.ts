import { describe, expect, it } from "vitest";
import { daysToDelivery, deliveryDaysId, deliveryGroupsOf, deliveryOrderOf, deliveryRefunds, LATE_AFTER_DAYS, linkedOrderIds, type OrderLinked } from "@/lib/analytics/delivery-refunds";
import { lateBucket } from "@/lib/records/delivery-days";
import type { DeliveryOrder } from "@/lib/store/order-fact-store";
import { eventFactRow } from "@/lib/query/event-facts";
import type { Order } from "@/lib/records/order";

// Orders and records as the report reads them: the orders fact table's DeliveryOrder (a record
// without a milestone is none) and the event tables' rows.
const order = (orderId: number, milestone: string | null, carrier: string | null, created: string, delivered: string | null) =>
  deliveryOrderOf({ orderId, lastTrackingMilestone: milestone, trackingCarrier: carrier, orderCreatedAt: created, deliveredAt: delivered } as Order);

// Hand-worked: 6 physical orders and 1 digital one.
//  1 Correios delivered after 2 days  (refund)
//  2 Correios delivered after 9 days  (refund, chargeback)  -> late (> 7)
//  3 Correios delivered after 7.9 days (none)               -> 7 whole days: on time
//  4 DHL      delivered after 20 days (chargeback)          -> late
//  5 DHL      in_transit                (refund)             -> not delivered
//  6 no carrier, returned_to_sender      (none)
//  7 digital (no milestone)              (refund)            -> left out
const ORDERS = [
  order(1, "delivered", "Correios", "2026-03-01T10:00:00Z", "2026-03-03T11:00:00Z"),
  order(2, "delivered", "Correios", "2026-03-01T10:00:00Z", "2026-03-10T10:00:00Z"),
  order(3, "delivered", "Correios", "2026-03-01T00:00:00Z", "2026-03-08T21:36:00Z"),
  order(4, "delivered", "DHL", "2026-03-01T00:00:00Z", "2026-03-21T00:00:00Z"),
  order(5, "in_transit", "DHL", "2026-03-01T00:00:00Z", null),
  order(6, "returned_to_sender", null, "2026-03-01T00:00:00Z", null),
  order(7, null, null, "2026-03-01T00:00:00Z", null),
].flatMap((o) => o ?? []);
const REFUNDS = [{ orderId: 1 }, { orderId: "2" }, { orderId: 5 }, { orderId: 7 }, { orderId: 1 }].map((r) => eventFactRow("refunds", r));
const CHARGEBACKS = [{ orderId: 2 }, { orderId: 4 }].map((r) => eventFactRow("chargebacks", r));

// The rates as the report reads them: the orders grouped against the ids the records name.
const ratesOf = (orders: readonly DeliveryOrder[], refunds: readonly OrderLinked[] | null, chargebacks: readonly OrderLinked[] | null) => deliveryRefunds(deliveryGroupsOf(orders, linkedOrderIds(refunds), linkedOrderIds(chargebacks)));

describe("deliveryRefunds", () => {
  const result = ratesOf(ORDERS, REFUNDS, CHARGEBACKS);

  it("counts physical orders only", () => {
    expect(result.orders).toBe(6);
  });

  it("groups by last milestone with counts and rates", () => {
    expect(result.byMilestone).toEqual([
      { key: "delivered", orders: 4, refunded: 2, chargedBack: 2, refundRate: 0.5, chargebackRate: 0.5 },
      { key: "in_transit", orders: 1, refunded: 1, chargedBack: 0, refundRate: 1, chargebackRate: 0 },
      { key: "returned_to_sender", orders: 1, refunded: 0, chargedBack: 0, refundRate: 0, chargebackRate: 0 },
    ]);
  });

  it("groups by carrier, a missing one as unknown", () => {
    expect(result.byCarrier).toEqual([
      { key: "Correios", orders: 3, refunded: 2, chargedBack: 1, refundRate: 2 / 3, chargebackRate: 1 / 3 },
      { key: "DHL", orders: 2, refunded: 1, chargedBack: 1, refundRate: 0.5, chargebackRate: 0.5 },
      { key: "unknown", orders: 1, refunded: 0, chargedBack: 0, refundRate: 0, chargebackRate: 0 },
    ]);
  });

  it("groups by whole days to delivery, every bucket present", () => {
    expect(result.byDays.map((r) => [r.key, r.orders, r.refunded, r.chargedBack])).toEqual([
      ["upTo3", 1, 1, 0], ["upTo7", 1, 0, 0], ["upTo14", 1, 1, 1], ["over14", 1, 0, 1], ["notDelivered", 2, 1, 0],
    ]);
  });

  it("compares late and on-time deliveries per carrier (delivered orders only)", () => {
    expect(result.lateByCarrier.map((c) => [c.carrier, c.onTime.orders, c.onTime.refunded, c.late.orders, c.late.refunded, c.late.chargedBack])).toEqual([
      ["Correios", 2, 1, 1, 1, 1], ["DHL", 0, 0, 1, 0, 1],
    ]);
    expect(result.lateByCarrier[1]!.onTime.refundRate).toBeNull();
  });

  it("counts nothing as refunded when the endpoints are unavailable", () => {
    const none = ratesOf(ORDERS, null, null);
    expect(none.byCarrier.every((r) => r.refunded === 0 && r.chargedBack === 0)).toBe(true);
  });
});

describe("the orders a record names", () => {
  it("reads an orderId as an order's id only when it is that number's text, as String(orderId) joins them", () => {
    expect(linkedOrderIds([{ orderId: "12" }, { orderId: "012" }, { orderId: "12.0" }, { orderId: " 7" }, { orderId: null }, { orderId: "12" }, { orderId: "x" }])).toEqual([12]);
    expect(linkedOrderIds(null)).toEqual([]);
    // Past 2^53, as String(orderId) matched it: by the number's own text.
    expect(linkedOrderIds([{ orderId: String(2 ** 60) }, { orderId: "9007199254740993" }])).toEqual([2 ** 60]);
  });

  it("groups orders named twice once, and counts each order once", () => {
    const groups = deliveryGroupsOf(ORDERS, [1, 1, 2], [2]);
    expect(groups.reduce((n, g) => n + g.orders, 0)).toBe(ORDERS.length);
    expect(groups.filter((g) => g.refunded).reduce((n, g) => n + g.orders, 0)).toBe(2);
  });
});

describe("days to delivery", () => {
  it("calls a bucket late exactly when its days are past LATE_AFTER_DAYS", () => {
    for (let d = 0; d <= 40; d++) expect(lateBucket(deliveryDaysId(d))).toBe(d > LATE_AFTER_DAYS);
    expect(lateBucket(deliveryDaysId(null))).toBeNull();
  });

  it("floors to whole days and buckets them", () => {
    expect(daysToDelivery({ orderedAt: Date.parse("2026-03-01T00:00:00Z"), deliveredAt: Date.parse("2026-03-04T23:59:00Z") })).toBe(3);
    expect(deliveryDaysId(3)).toBe("upTo3");
    expect(deliveryDaysId(4)).toBe("upTo7");
    expect(deliveryDaysId(14)).toBe("upTo14");
    expect(deliveryDaysId(15)).toBe("over14");
    expect(deliveryDaysId(null)).toBe("notDelivered");
  });
});
