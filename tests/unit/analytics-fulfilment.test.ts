import { describe, expect, it } from "vitest";
import { fulfilment, type FulfilmentOrder } from "@/lib/analytics/fulfilment";

const order = (o: Partial<FulfilmentOrder>): FulfilmentOrder => ({ lastTrackingMilestone: null, trackingCarrier: null, supplierName: null, orderCompletedAt: null, deliveredAt: null, ...o });

describe("fulfilment", () => {
  it("counts milestones, carriers and suppliers of shipped orders, and digital orders apart", () => {
    const result = fulfilment([
      order({}),
      order({ lastTrackingMilestone: "delivered", trackingCarrier: "Correios", supplierName: "Forja", orderCompletedAt: "2026-06-01T10:00:00Z", deliveredAt: "2026-06-04T10:00:00Z" }),
      order({ lastTrackingMilestone: "in_transit", trackingCarrier: "Correios", supplierName: "Forja" }),
      order({ lastTrackingMilestone: "delivered", trackingCarrier: "Jadlog", supplierName: "Ceramica", orderCompletedAt: "2026-06-01T00:00:00Z", deliveredAt: "2026-06-11T00:00:00Z" }),
    ]);
    expect(result.withoutShipping).toBe(1);
    expect(result.byMilestone).toEqual([{ key: "delivered", count: 2 }, { key: "in_transit", count: 1 }]);
    expect(result.byCarrier).toEqual([{ key: "Correios", count: 2 }, { key: "Jadlog", count: 1 }]);
    expect(result.bySupplier).toEqual([{ key: "Forja", count: 2 }, { key: "Ceramica", count: 1 }]);
  });

  it("measures delivery from completion, with median, 90th percentile and a histogram", () => {
    const delivered = [1, 2, 3, 4, 10].map((d) => order({ lastTrackingMilestone: "delivered", orderCompletedAt: "2026-06-01T00:00:00Z", deliveredAt: new Date(Date.UTC(2026, 5, 1) + d * 86_400_000).toISOString() }));
    const { deliveryTimes } = fulfilment(delivered);
    expect(deliveryTimes.delivered).toBe(5);
    expect(deliveryTimes.medianDays).toBe(3);
    expect(deliveryTimes.p90Days).toBe(7.6);
    expect(deliveryTimes.histogram.map((b) => b.count)).toEqual([2, 2, 0, 1, 0]);
    // The CSV keeps its English keys; the page words the buckets by id.
    expect(deliveryTimes.histogram.map((b) => [b.id, b.key])).toEqual([["upTo2", "0–2 days"], ["upTo5", "3–5 days"], ["upTo8", "6–8 days"], ["upTo14", "9–14 days"], ["over14", "15 days or more"]]);
  });

  it("has no delivery figures without deliveries", () => {
    expect(fulfilment([order({ lastTrackingMilestone: "posted" })]).deliveryTimes).toMatchObject({ delivered: 0, medianDays: null, p90Days: null });
  });
});
