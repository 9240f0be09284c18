// The data looks like a real business and keeps the contract's field types and the
// documented amount relations (sandbox/README.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
const purchases: any[] = [];
const orders: any[] = [];
const carts: any[] = [];
beforeAll(async () => {
  sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"]);
  for (const [from, to] of [["2026-03-17", "2026-04-16"], ["2026-04-16", "2026-05-16"], ["2026-05-16", "2026-06-16"]]) {
    const key = sb.creds.creator.apiKey;
    purchases.push(...(await sb.json(`/api/v1/purchases?from=${from}&to=${to}&limit=5000`, key)).body.data);
    orders.push(...(await sb.json(`/api/v1/orders?from=${from}&to=${to}&limit=5000`, key)).body.data);
    carts.push(...(await sb.json(`/api/v1/abandoned-carts?from=${from}&to=${to}&limit=5000`, key)).body.data);
  }
  const p2 = (await sb.json("/api/v1/purchases?from=2026-05-16&to=2026-06-16&limit=5000", sb.creds.creator2.apiKey)).body.data;
  purchases.push(...p2);
});
afterAll(async () => sb?.stop());

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const cents = (n: number) => Math.round(n * 100);

function expectTypes(record: any, spec: Record<string, string>) {
  for (const [field, type] of Object.entries(spec)) {
    expect(record, field).toHaveProperty(field);
    const v = record[field];
    if (type === "timestamp") expect(v, field).toMatch(TIMESTAMP);
    else if (type === "timestamp?") expect(v === null || TIMESTAMP.test(v), field).toBe(true);
    else if (type === "integer") expect(Number.isInteger(v), field).toBe(true);
    else if (type === "string?") expect(v === null || typeof v === "string", field).toBe(true);
    else expect(typeof v, field).toBe(type);
  }
}

describe("purchases", () => {
  it("carry every field of the contract with its type", () => {
    const spec: Record<string, string> = { purchaseId: "integer", purchaseUcode: "string", orderId: "integer", checkoutId: "string", purchaseType: "string", currency: "string", purchaseCreatedAt: "timestamp", checkoutInitializedAt: "timestamp", creatorName: "string", affiliateName: "string", offerCode: "string", offerName: "string", productName: "string", psp: "string", paymentMethod: "string", cardBrand: "string?", cardLast4: "string?", customerName: "string", customerEmail: "string", customerPhone: "string", billingAddress1: "string", billingAddress2: "string", billingCity: "string", billingState: "string", billingCountry: "string", billingZipcode: "string", incomingAvailableAt: "timestamp", incomingDays: "integer" };
    for (const f of ["amountTransaction", "amountItemsGross", "amountItemsNet", "amountShippingNet", "amountTaxes", "amountAffiliation", "amountAffiliationNet", "amountRefunded", "amountCreatorNet", "amountCreatorPlatformFee", "amountCreatorTax"]) spec[f] = "number";
    for (const p of purchases) expectTypes(p, spec);
  });

  it("use the four purchase types, with upsell, order bump and downsell tied to a front purchase of the same order", () => {
    expect(new Set(purchases.map((p) => p.purchaseType))).toEqual(new Set(["front", "upsell", "order_bump", "downsell"]));
    const byOrder = new Map<number, any[]>();
    for (const p of purchases) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p]);
    for (const group of byOrder.values()) {
      const fronts = group.filter((p) => p.purchaseType === "front");
      expect(fronts).toHaveLength(1);
      for (const p of group) {
        expect(p.checkoutId).toBe(fronts[0].checkoutId);
        expect(p.purchaseCreatedAt >= fronts[0].purchaseCreatedAt).toBe(true);
      }
    }
  });

  it("come in brl, usd and eur", () => {
    expect(new Set(purchases.map((p) => p.currency))).toEqual(new Set(["brl", "usd", "eur"]));
  });

  it("keep cardLast4 as four digits, leading zeros included, and null where no card was used", () => {
    const cards = purchases.filter((p) => p.cardLast4 !== null);
    for (const p of cards) expect(p.cardLast4).toMatch(/^\d{4}$/);
    expect(cards.some((p) => p.cardLast4.startsWith("0"))).toBe(true);
    for (const p of purchases.filter((p) => p.paymentMethod === "pix")) expect([p.cardBrand, p.cardLast4]).toEqual([null, null]);
  });

  it("have amounts that add up by the documented relations", () => {
    for (const p of purchases) {
      expect(cents(p.amountItemsNet)).toBeLessThanOrEqual(cents(p.amountItemsGross));
      expect(cents(p.amountTransaction)).toBe(cents(p.amountItemsNet) + cents(p.amountShippingNet) + cents(p.amountTaxes));
      expect(cents(p.amountCreatorNet)).toBe(cents(p.amountTransaction) - cents(p.amountCreatorPlatformFee) - cents(p.amountAffiliation) - cents(p.amountCreatorTax));
      expect(cents(p.amountAffiliationNet)).toBeLessThanOrEqual(cents(p.amountAffiliation));
      expect(cents(p.amountRefunded)).toBeLessThanOrEqual(cents(p.amountTransaction));
      expect(p.affiliateName === "").toBe(p.amountAffiliation === 0);
      expect(Date.parse(p.incomingAvailableAt) - Date.parse(p.purchaseCreatedAt)).toBe(p.incomingDays * 86_400_000);
    }
  });

  it("include partial and full refunds", () => {
    const refunded = purchases.filter((p) => p.amountRefunded > 0);
    expect(refunded.some((p) => p.amountRefunded === p.amountTransaction)).toBe(true);
    expect(refunded.some((p) => p.amountRefunded < p.amountTransaction)).toBe(true);
  });

  it("show weekday and hour-of-day seasonality", () => {
    const byWeekday = Array(7).fill(0);
    const byHour = Array(24).fill(0);
    for (const p of purchases.filter((p) => p.creatorName === "Aurora Academy")) {
      const d = new Date(p.checkoutInitializedAt);
      byWeekday[d.getUTCDay()]++;
      byHour[d.getUTCHours()]++;
    }
    expect(Math.max(...byHour)).toBeGreaterThan(3 * Math.min(...byHour));
    expect(byWeekday[1]).toBeGreaterThan(byWeekday[6] * 1.15); // Mondays beat Saturdays
  });
});

describe("orders", () => {
  it("sum their purchases and count upsells", () => {
    const byOrder = new Map<number, any[]>();
    for (const p of purchases) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p]);
    for (const o of orders) {
      const mine = byOrder.get(o.orderId) ?? [];
      expect(o.purchaseCount).toBe(mine.length);
      expect(cents(o.amountTransaction)).toBe(mine.reduce((s, p) => s + cents(p.amountTransaction), 0));
      expect(cents(o.amountRefunded)).toBe(mine.reduce((s, p) => s + cents(p.amountRefunded), 0));
      expect(o.upsellCount).toBe(mine.filter((p) => p.purchaseType === "upsell" || p.purchaseType === "downsell").length);
    }
  });

  it("carry tracking milestones, and deliveredAt only when delivered (null otherwise)", () => {
    const physical = orders.filter((o) => o.trackingProvider !== null);
    expect(physical.length).toBeGreaterThan(0);
    const delivered = physical.filter((o) => o.lastTrackingMilestone === "delivered");
    expect(delivered.length).toBeGreaterThan(0);
    for (const o of delivered) expect(o.deliveredAt).toMatch(TIMESTAMP);
    for (const o of orders.filter((o) => o.lastTrackingMilestone !== "delivered")) expect(o.deliveredAt).toBeNull();
    expect(new Set(physical.map((o) => o.lastTrackingMilestone)).size).toBeGreaterThan(3);
  });
});

describe("abandoned carts", () => {
  it("carry the contract's fields, orderId as a string, some recovered", () => {
    for (const c of carts) {
      expectTypes(c, { checkoutId: "string", sessionId: "string", amountTransaction: "number", attemptCount: "number", isRecovered: "boolean", loadedAt: "timestamp", sessionInitializedAt: "timestamp", abandonedAt: "timestamp", firstAttemptAt: "timestamp?", purchasedAt: "timestamp?", lastDeclineCode: "string?" });
      if (c.isRecovered) {
        expect(typeof c.orderId).toBe("string");
        expect(c.purchasedAt > c.abandonedAt).toBe(true);
      } else {
        expect(c.orderId).toBeNull();
      }
      expect(c.attemptCount).toBeGreaterThanOrEqual(c.attemptApprovedCount + c.attemptDeclinedCount);
    }
    const recovered = carts.filter((c) => c.isRecovered);
    expect(recovered.length).toBeGreaterThan(carts.length * 0.05);
    const orderIds = new Set(orders.map((o) => String(o.orderId)));
    expect(recovered.filter((c) => orderIds.has(c.orderId)).length).toBeGreaterThan(recovered.length * 0.9);
  });
});
