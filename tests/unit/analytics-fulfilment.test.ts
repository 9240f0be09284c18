import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fulfilment, fulfilmentOfGroups, type FulfilmentOrder } from "@/lib/analytics/fulfilment";

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

/** The orders one by one, as fulfilment read them before groups (the oracle): every delivery in one sorted list. */
function oracle(orders: readonly FulfilmentOrder[]) {
  const tally = (list: string[]) => {
    const map = new Map<string, number>();
    for (const key of list) map.set(key, (map.get(key) ?? 0) + 1);
    return [...map].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  };
  const shipped = orders.filter((o) => o.lastTrackingMilestone);
  const days = shipped
    .filter((o) => o.deliveredAt && o.orderCompletedAt)
    .map((o) => (Date.parse(o.deliveredAt!) - Date.parse(o.orderCompletedAt!)) / 86_400_000)
    .filter((d) => Number.isFinite(d) && d >= 0)
    .sort((a, b) => a - b);
  const quantile = (q: number) => {
    if (days.length === 0) return null;
    const p = (days.length - 1) * q;
    const [low, high] = [days[Math.floor(p)]!, days[Math.ceil(p)]!];
    return Math.round((low + (high - low) * (p - Math.floor(p))) * 10) / 10;
  };
  const limits = [2, 5, 8, 14, Infinity];
  return {
    withoutShipping: orders.length - shipped.length,
    byMilestone: tally(shipped.map((o) => o.lastTrackingMilestone!)),
    byCarrier: tally(shipped.map((o) => o.trackingCarrier || "unknown")),
    bySupplier: tally(shipped.map((o) => o.supplierName || "unknown")),
    delivered: days.length,
    medianDays: quantile(0.5),
    p90Days: quantile(0.9),
    histogram: limits.map((max, i) => days.filter((d) => d <= max && (i === 0 || d > limits[i - 1]!)).length),
  };
}

describe("fulfilmentOfGroups", () => {
  const instant = fc.oneof(
    fc.constant(null),
    fc.constant("not a date"),
    // Hours and odd milliseconds around a base, before it too (a negative delivery is left out).
    fc.integer({ min: -3 * 86_400_000, max: 40 * 86_400_000 }).map((ms) => new Date(Date.UTC(2026, 5, 1) + ms).toISOString()),
    fc.integer({ min: -48, max: 24 * 20 }).map((h) => new Date(Date.UTC(2026, 5, 1) + h * 3_600_000).toISOString()),
  );
  const groupOrder = fc.record({
    lastTrackingMilestone: fc.constantFrom(null, "", "delivered", "in_transit", "posted"),
    trackingCarrier: fc.constantFrom(null, "", "Correios", "DHL"),
    supplierName: fc.constantFrom(null, "", "Forja", "Ceramica"),
    orderCompletedAt: fc.oneof(fc.constant("2026-06-01T00:00:00.000Z"), instant),
    deliveredAt: instant,
  });

  it("counts each group as many orders as it stands for: the orders one by one, figure for figure", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ order: groupOrder, count: fc.integer({ min: 0, max: 6 }) }), { maxLength: 40 }), (groups) => {
        const orders = groups.flatMap((g) => Array.from({ length: g.count }, () => g.order));
        const f = fulfilmentOfGroups(groups);
        const { delivered, medianDays, p90Days } = f.deliveryTimes;
        const seen = { withoutShipping: f.withoutShipping, byMilestone: f.byMilestone, byCarrier: f.byCarrier, bySupplier: f.bySupplier, delivered, medianDays, p90Days, histogram: f.deliveryTimes.histogram.map((b) => b.count) };
        expect(seen).toEqual(oracle(orders));
        expect(f).toEqual(fulfilment(orders));
      }),
      { numRuns: 300 },
    );
  });

  it("reads the median and the 90th percentile across groups as one sorted list", () => {
    const at = (days: number, count: number) => ({ order: order({ lastTrackingMilestone: "delivered", orderCompletedAt: "2026-06-01T00:00:00Z", deliveredAt: new Date(Date.UTC(2026, 5, 1) + days * 86_400_000).toISOString() }), count });
    // As a list: 1 1 1 2 9 9 9 9 9 9 → median (index 4.5) 9, p90 (index 8.1) 9; 1 ×3, 2, 9 ×2 → median (2.5) 1.5.
    expect(fulfilmentOfGroups([at(9, 6), at(1, 3), at(2, 1)]).deliveryTimes).toMatchObject({ delivered: 10, medianDays: 9, p90Days: 9 });
    expect(fulfilmentOfGroups([at(9, 2), at(2, 1), at(1, 3)]).deliveryTimes).toMatchObject({ delivered: 6, medianDays: 1.5, p90Days: 9 });
  });
});
