// The late-refunds test control's data logic: where a purchase id comes from, and how a late
// refund replaces a purchase's refund in its purchase, its order and the refunds list.
import { describe, expect, it } from "vitest";
import { CREATORS } from "../../sandbox/data/catalog";
import { Dataset } from "../../sandbox/data/dataset";
import { generateDay, purchaseOrigin } from "../../sandbox/data/generate-day";
import type { LateRefund } from "../../sandbox/data/late-refunds";
import type { RawCheckout, RawPurchase } from "../../sandbox/data/raw-types";
import { DAY_MS, dayOf, iso } from "../../sandbox/data/time";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const CREATOR = { keyType: "creator", creatorNos: [1] } as const;
const dataset = new Dataset("salesdash", 1);

function sales(day: number): Array<{ co: RawCheckout; p: RawPurchase }> {
  return dataset.rawDay(1, day).checkouts.flatMap((co) => (co.order?.purchases ?? []).map((p) => ({ co, p })));
}

describe("purchaseOrigin", () => {
  it("gives the creator and the generator day of every generated purchase id", () => {
    for (const creator of CREATORS) {
      const day = dayOf(NOW) - 20;
      for (const co of generateDay("salesdash", 3, creator, day).checkouts) {
        for (const p of co.order?.purchases ?? []) expect(purchaseOrigin(p.purchaseId)).toEqual({ creatorNo: creator.creatorNo, day });
        if (co.order) expect(purchaseOrigin(co.order.orderId)).toBeUndefined();
      }
    }
    for (const bad of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2]) expect(purchaseOrigin(bad)).toBeUndefined();
  });
});

describe("Dataset with late refunds", () => {
  const day = dayOf(NOW) - 20;
  const today = dayOf(NOW);
  const requestedAt = iso(NOW - 3600_000);
  const query = (resource: "purchases" | "orders" | "refunds", from: number, late: LateRefund[]) =>
    dataset.query(CREATOR, resource, from, from + 1, Number.POSITIVE_INFINITY, NOW, late).data;

  it("replaces a purchase's generated refund: its amountRefunded, its order's sum, its refund record", () => {
    const refunded = sales(day).find(({ p }) => p.refund !== null && p.refund.requestedMs <= NOW)!;
    const { co, p } = refunded;
    const late = [{ purchaseId: p.purchaseId, requestedAt, amount: p.amounts.transaction / 100 + 1000 }];
    expect(query("purchases", day, late).find((r) => r.purchaseId === p.purchaseId)).toMatchObject({ amountRefunded: p.amounts.transaction / 100 });
    const orderBefore = query("orders", day, []).find((o) => o.orderId === co.order!.orderId)!;
    const orderAfter = query("orders", day, late).find((o) => o.orderId === co.order!.orderId)!;
    expect(orderAfter.amountRefunded).toBeCloseTo((orderBefore.amountRefunded as number) - p.refund!.amountCents / 100 + p.amounts.transaction / 100, 2);
    const generatedDay = dayOf(p.refund!.requestedMs);
    expect(query("refunds", generatedDay, []).some((r) => r.refundId === p.refund!.refundId)).toBe(true);
    expect(query("refunds", generatedDay, late).some((r) => r.refundId === p.refund!.refundId)).toBe(false);
    expect(query("refunds", today, late).find((r) => r.purchaseId === p.purchaseId)).toMatchObject({
      refundId: `rfd_late_${p.purchaseId}`, amount: p.amounts.transaction / 100, refundType: "full", reason: "customer_request", status: "processing", requestedAt, processedAt: null,
    });
  });

  it("ignores a late refund requested before its purchase was made, or on an id no purchase has", () => {
    const { p } = sales(day).find(({ p }) => p.refund === null)!;
    const early = [{ purchaseId: p.purchaseId, requestedAt: iso(p.createdMs - 1000), amount: 1 }, { purchaseId: p.purchaseId + 40_000, requestedAt, amount: 1 }];
    expect(query("purchases", day, early)).toEqual(query("purchases", day, []));
    expect(query("refunds", dayOf(p.createdMs - 1000), early)).toEqual(query("refunds", dayOf(p.createdMs - 1000), []));
    expect(query("refunds", today, early)).toEqual(query("refunds", today, []));
  });

  it("files a late refund under the UTC day of its requestedAt, whatever its offset", () => {
    const { p } = sales(day).find(({ p }) => p.refund === null)!;
    const late = [{ purchaseId: p.purchaseId, requestedAt: iso(today * DAY_MS + 3600_000).replace("Z", "+02:00"), amount: 1 }];
    expect(query("refunds", today - 1, late).find((r) => r.purchaseId === p.purchaseId)).toMatchObject({ requestedAt: iso(today * DAY_MS - 3600_000), refundType: "partial" });
    expect(query("refunds", today, late).some((r) => r.purchaseId === p.purchaseId)).toBe(false);
  });
});
