// Test controls: latency, 5xx, forced 429, refunds/chargebacks off, odd record shapes,
// missing currency, late refunds on old purchases, product outages, PSP declines, counters; and they exist only when enabled, for loopback callers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { groundTruth } from "../../sandbox/ground-truth";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => sb?.stop());
beforeEach(async () => sb.reset());

const W = "from=2026-06-01&to=2026-06-08&limit=5000";

describe("fault injection", () => {
  it("adds latency", async () => {
    await sb.controls({ latencyMs: 400 });
    // A lower bound of the delay the control adds: it fails only if no delay was added, never
    // because the machine is slow (timers may fire a millisecond early, hence the 10 ms).
    const started = performance.now();
    await sb.json(`/api/v1/purchases?${W}&limit=1`, sb.creds.creator.apiKey);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400 - 10);
  });

  it("fails a share of requests with 5xx", async () => {
    await sb.controls({ errorRate5xx: 1, status5xx: 503 });
    const res = await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator.apiKey);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("internal_error");
  });

  it("forces the next N requests to 429 with the configured Retry-After", async () => {
    await sb.controls({ fail429Next: 2, retryAfterSeconds: 7 });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await sb.request(`/api/v1/purchases?${W}&limit=1`, { token: sb.creds.creator.apiKey });
      statuses.push([res.status, res.headers.get("retry-after")]);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([[429, "7"], [429, "7"], [200, null]]);
  });

  it("switches refunds and chargebacks off (404) while purchases keep working", async () => {
    await sb.controls({ refundsEnabled: false });
    for (const resource of ["refunds", "chargebacks"]) {
      const res = await sb.json(`/api/v1/${resource}?${W}`, sb.creds.creator.apiKey);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator.apiKey)).status).toBe(200);
  });

  it("serves a share of records with an unexpected shape: an amount as a string and an unknown field", async () => {
    await sb.controls({ oddShapeRate: 0.1 });
    const res = await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator.apiKey);
    const odd = res.body.data.filter((p: any) => typeof p.amountTransaction === "string");
    expect(odd.length).toBeGreaterThan(res.body.data.length * 0.05);
    expect(odd.length).toBeLessThan(res.body.data.length * 0.2);
    for (const p of odd) expect(p).toHaveProperty("unexpectedField");
    const truth = new Map(wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2026-06-01", "2026-06-08")).map((p) => [p.purchaseId, p]));
    for (const p of odd) expect(Number(p.amountTransaction)).toBe(truth.get(p.purchaseId)?.amountTransaction);
  });

  it("can drop the currency field from purchases, as the field notes report", async () => {
    await sb.controls({ omitCurrency: true });
    const res = await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator.apiKey);
    expect(res.body.data.every((p: any) => !("currency" in p))).toBe(true);
  });

  it("fixes now, so the data does not depend on today's date", async () => {
    await sb.controls({ now: "2026-06-10T00:00:00Z" });
    const earlier = await sb.json(`/api/v1/purchases?${W}`, sb.creds.creator.apiKey);
    expect(earlier.body.data).toEqual(wire(groundTruth({ now: "2026-06-10T00:00:00Z" }, "creator", "purchases", "2026-06-01", "2026-06-08")));
    expect(earlier.body.data.every((p: any) => p.checkoutInitializedAt < "2026-06-10")).toBe(true);
  });

  it("counts the requests served per credential", async () => {
    for (let i = 0; i < 3; i++) await sb.json(`/api/v1/purchases?${W}&limit=1`, sb.creds.creator2.apiKey);
    await sb.json(`/api/v1/orders?${W}`, sb.creds.affiliate.apiKey);
    const stats = await sb.stats();
    expect(stats.creator2).toMatchObject({ requests: 3, byStatus: { "200": 3 } });
    expect(stats.affiliate).toMatchObject({ requests: 1, byStatus: { "403": 1 } });
    expect(stats.creator2?.log.map((e) => e.path)).toEqual(Array(3).fill("/api/v1/purchases"));
  });

  it("counts the requests refused before any account was known (wrong keys and pairs), without their credential", async () => {
    const before = (await sb.unauthenticated()).requests;
    await sb.json(`/api/v1/purchases?${W}`, "sak_notakey0000000000");
    await sb.json(`/api/v1/purchases?${W}`);
    await sb.request("/api/v1/auth", { method: "POST", body: JSON.stringify({ clientId: sb.creds.creator.clientId, apiKey: "sak_wrong" }), headers: { "content-type": "application/json" } });
    await sb.json(`/api/v1/purchases?${W}&limit=1`, sb.creds.creator2.apiKey);
    const after = await sb.unauthenticated();
    expect(after.requests - before).toBe(3);
    expect(JSON.stringify(after)).not.toContain("sak_notakey");
    await sb.reset();
    expect((await sb.unauthenticated()).requests).toBe(0);
  });

  it("refuses control changes that are not in the schema", async () => {
    const res = await sb.request("/__sandbox/controls", { method: "POST", body: JSON.stringify({ bogus: 1 }), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });
});

describe("late refunds", () => {
  // A refund recorded today (FIXED_NOW's day) on purchases made 20 days earlier: one the
  // affiliate did not refer, refunded in part; one it referred, refunded in full.
  const PURCHASE_DAY = "2026-05-26";
  const PURCHASES = `from=${PURCHASE_DAY}&to=2026-05-27&limit=5000`;
  const TODAY = "from=2026-06-15&to=2026-06-16&limit=5000";
  const before = groundTruth({ now: FIXED_NOW }, "creator", "purchases", PURCHASE_DAY, "2026-05-27");
  const notReferred = before.find((p) => p.amountRefunded === 0 && p.affiliateId !== 7001 && (p.amountTransaction as number) > 10)!;
  const referred = before.find((p) => p.amountRefunded === 0 && p.affiliateId === 7001)!;
  const lateRefunds = [
    { purchaseId: notReferred.purchaseId as number, requestedAt: "2026-06-15T09:30:00Z", amount: 5 },
    { purchaseId: referred.purchaseId as number, requestedAt: "2026-06-15T03:00:00Z", amount: referred.amountTransaction as number },
  ];
  const truth = (account: "creator" | "affiliate", resource: "purchases" | "orders" | "refunds", from: string, to: string, late = lateRefunds) =>
    wire(groundTruth({ now: FIXED_NOW, lateRefunds: late }, account, resource, from, to));

  it("shows a refund recorded today on a 20-day-old purchase, in its purchase, its order and the refunds of today", async () => {
    await sb.controls({ lateRefunds });
    const purchases = await sb.json(`/api/v1/purchases?${PURCHASES}`, sb.creds.creator.apiKey);
    expect(purchases.body.data).toEqual(truth("creator", "purchases", PURCHASE_DAY, "2026-05-27"));
    const served = new Map(purchases.body.data.map((p: any) => [p.purchaseId, p]));
    expect(served.get(notReferred.purchaseId)).toMatchObject({ amountRefunded: 5 });
    expect(served.get(referred.purchaseId)).toMatchObject({ amountRefunded: referred.amountTransaction });

    const orders = await sb.json(`/api/v1/orders?${PURCHASES}`, sb.creds.creator.apiKey);
    expect(orders.body.data).toEqual(truth("creator", "orders", PURCHASE_DAY, "2026-05-27"));
    const order = orders.body.data.find((o: any) => o.orderId === notReferred.orderId);
    const orderBefore = wire(groundTruth({ now: FIXED_NOW }, "creator", "orders", PURCHASE_DAY, "2026-05-27")).find((o) => o.orderId === notReferred.orderId);
    expect(order.amountRefunded).toBeCloseTo((orderBefore?.amountRefunded as number) + 5, 2);

    const refunds = await sb.json(`/api/v1/refunds?${TODAY}`, sb.creds.creator.apiKey);
    expect(refunds.body.data).toEqual(truth("creator", "refunds", "2026-06-15", "2026-06-16"));
    const late = refunds.body.data.filter((r: any) => r.refundId.startsWith("rfd_late_"));
    expect(late).toEqual([
      expect.objectContaining({ refundId: `rfd_late_${notReferred.purchaseId}`, purchaseId: notReferred.purchaseId, orderId: notReferred.orderId, purchaseCreatedAt: notReferred.purchaseCreatedAt, currency: notReferred.currency, amount: 5, refundType: "partial", status: "processing", requestedAt: "2026-06-15T09:30:00Z", processedAt: null }),
      expect.objectContaining({ refundId: `rfd_late_${referred.purchaseId}`, amount: referred.amountTransaction, refundType: "full", requestedAt: "2026-06-15T03:00:00Z" }),
    ]);
    // Newest first among the generated ones, and counted against the limit like them.
    const at = refunds.body.data.map((r: any) => r.requestedAt);
    expect(at).toEqual([...at].sort().reverse());
    const limited = await sb.json(`/api/v1/refunds?from=2026-06-15&to=2026-06-16&limit=1`, sb.creds.creator.apiKey);
    expect(limited.body.data).toEqual(refunds.body.data.slice(0, 1));
    expect(limited.body.meta).toMatchObject({ count: 1, truncated: true });
  });

  it("changes nothing before its requestedAt", async () => {
    const later = lateRefunds.map((r) => ({ ...r, requestedAt: "2026-06-15T12:00:01Z" }));
    await sb.controls({ lateRefunds: later });
    const plain = (resource: "purchases" | "refunds", from: string, to: string) => wire(groundTruth({ now: FIXED_NOW }, "creator", resource, from, to));
    expect(truth("creator", "purchases", PURCHASE_DAY, "2026-05-27", later)).toEqual(plain("purchases", PURCHASE_DAY, "2026-05-27"));
    expect((await sb.json(`/api/v1/purchases?${PURCHASES}`, sb.creds.creator.apiKey)).body.data).toEqual(plain("purchases", PURCHASE_DAY, "2026-05-27"));
    expect((await sb.json(`/api/v1/refunds?${TODAY}`, sb.creds.creator.apiKey)).body.data).toEqual(plain("refunds", "2026-06-15", "2026-06-16"));
  });

  it("is cleared by a reset", async () => {
    await sb.controls({ lateRefunds });
    await sb.reset();
    expect((await sb.json("/__sandbox/controls")).body.lateRefunds).toEqual([]);
    const refunds = await sb.json(`/api/v1/refunds?${TODAY}`, sb.creds.creator.apiKey);
    expect(refunds.body.data).toEqual(wire(groundTruth({ now: FIXED_NOW }, "creator", "refunds", "2026-06-15", "2026-06-16")));
    expect(refunds.body.data.some((r: any) => r.refundId.startsWith("rfd_late_"))).toBe(false);
  });

  it("reaches an affiliate only for the purchases it referred", async () => {
    await sb.controls({ lateRefunds });
    const refunds = await sb.json(`/api/v1/refunds?${TODAY}`, sb.creds.affiliate.apiKey);
    expect(refunds.body.data).toEqual(truth("affiliate", "refunds", "2026-06-15", "2026-06-16"));
    const ids = refunds.body.data.map((r: any) => r.refundId);
    expect(ids).toContain(`rfd_late_${referred.purchaseId}`);
    expect(ids).not.toContain(`rfd_late_${notReferred.purchaseId}`);
    const purchases = await sb.json(`/api/v1/purchases?${PURCHASES}`, sb.creds.affiliate.apiKey);
    expect(purchases.body.data).toEqual(truth("affiliate", "purchases", PURCHASE_DAY, "2026-05-27"));
    expect(purchases.body.data.find((p: any) => p.purchaseId === referred.purchaseId)).toMatchObject({ amountRefunded: referred.amountTransaction });
  });

  it("refuses entries that are not well formed", async () => {
    const post = (lateRefunds: unknown) => sb.request("/__sandbox/controls", { method: "POST", body: JSON.stringify({ lateRefunds }), headers: { "content-type": "application/json" } });
    const good = lateRefunds[0]!;
    for (const bad of [[{ ...good, amount: 0 }], [{ ...good, requestedAt: "2026-06-15" }], [good, { ...good, amount: 1 }], [{ ...good, purchaseDay: PURCHASE_DAY }]]) {
      const res = await post(bad);
      expect(res.status).toBe(400);
      await res.arrayBuffer();
    }
  });
});

describe("without --test-controls", () => {
  it("has no control endpoints at all", async () => {
    const plain = await startSandboxProcess(["--now", FIXED_NOW], { testControls: false });
    try {
      for (const path of ["/__sandbox/stats", "/__sandbox/controls"]) {
        const res = await plain.request(path);
        expect(res.status).toBe(404);
        await res.arrayBuffer();
      }
      const post = await plain.request("/__sandbox/controls", { method: "POST", body: JSON.stringify({ now: null }), headers: { "content-type": "application/json" } });
      expect(post.status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});

describe("product outages", () => {
  // One product's checkouts of a day that did not happen: none of its records is served, the
  // other products' are, and ground truth with the same list says so.
  const DAY = "from=2026-06-01&to=2026-06-02&limit=5000";
  const all = groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2026-06-01", "2026-06-02");
  const product = all[all.length - 1]!.productName as string; // the oldest: loaded in the window
  const outages = [{ productName: product, from: "2026-06-01T00:00:00Z", to: "2026-06-01T12:00:00Z" }];
  const loadedBefore = (p: Record<string, unknown>, iso: string) => (p.checkoutInitializedAt as string) < iso;
  // A checkout is its front sale's product: its bumps and upsells of other products go with it.
  const frontProduct = new Map(all.filter((p) => p.purchaseType === "front").map((p) => [p.orderId, p.productName]));

  it("withholds the product's purchases, orders and carts in the window, and nothing else", async () => {
    await sb.controls({ productOutages: outages });
    for (const resource of ["purchases", "orders", "abandoned-carts"] as const) {
      const served = await sb.json(`/api/v1/${resource}?${DAY}`, sb.creds.creator.apiKey);
      expect(served.body.data).toEqual(wire(groundTruth({ now: FIXED_NOW, productOutages: outages }, "creator", resource, "2026-06-01", "2026-06-02")));
    }
    const purchases = (await sb.json(`/api/v1/purchases?${DAY}`, sb.creds.creator.apiKey)).body.data as Array<Record<string, unknown>>;
    const withheld = all.filter((p) => frontProduct.get(p.orderId) === product && loadedBefore(p, "2026-06-01T12:00:00Z"));
    expect(withheld.length).toBeGreaterThan(0);
    expect(purchases.filter((p) => p.purchaseType === "front" && p.productName === product && loadedBefore(p, "2026-06-01T12:00:00Z"))).toEqual([]);
    expect(purchases.length).toBe(all.length - withheld.length);
    expect(purchases.filter((p) => p.purchaseType === "front" && p.productName === product).length).toBe(all.filter((p) => p.purchaseType === "front" && p.productName === product && !loadedBefore(p, "2026-06-01T12:00:00Z")).length);
  });

  it("is cleared by a reset, and refuses a window that ends before it starts", async () => {
    await sb.controls({ productOutages: outages });
    await sb.reset();
    expect((await sb.json(`/api/v1/purchases?${DAY}`, sb.creds.creator.apiKey)).body.data).toEqual(wire(all));
    const res = await sb.request("/__sandbox/controls", { method: "POST", body: JSON.stringify({ productOutages: [{ ...outages[0], to: outages[0]!.from }] }), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    await res.arrayBuffer();
  });
});

describe("PSP declines", () => {
  // One PSP's carts of half a day saw more declined attempts: those carts carry them, the other
  // carts and every other resource are as before, and ground truth with the same list says so.
  const DAY = "from=2026-06-01&to=2026-06-02&limit=5000";
  const carts = groundTruth({ now: FIXED_NOW }, "creator", "abandoned-carts", "2026-06-01", "2026-06-02");
  const psp = carts.find((c) => typeof c.psp === "string")!.psp as string;
  const declines = [{ psp, from: "2026-06-01T00:00:00Z", to: "2026-06-01T12:00:00Z", declines: 3, code: "do_not_honor" }];
  const hit = (c: Record<string, unknown>) => c.psp === psp && (c.sessionInitializedAt as string) < "2026-06-01T12:00:00Z";

  it("adds declined attempts to the PSP's carts in the window, and nothing else", async () => {
    await sb.controls({ pspDeclines: declines });
    const served = (await sb.json(`/api/v1/abandoned-carts?${DAY}`, sb.creds.creator.apiKey)).body.data as Array<Record<string, unknown>>;
    expect(served).toEqual(wire(groundTruth({ now: FIXED_NOW, pspDeclines: declines }, "creator", "abandoned-carts", "2026-06-01", "2026-06-02")));
    expect(carts.filter(hit).length).toBeGreaterThan(0);
    const before = new Map(carts.map((c) => [c.checkoutId, c]));
    for (const cart of served) {
      const was = before.get(cart.checkoutId)!;
      if (hit(was)) {
        expect(cart.attemptCount).toBe((was.attemptCount as number) + 3);
        expect(cart.attemptDeclinedCount).toBe((was.attemptDeclinedCount as number) + 3);
        expect(cart.lastDeclineCode).toBe("do_not_honor");
      } else expect(cart).toEqual(wire([was])[0]);
    }
    expect((await sb.json(`/api/v1/purchases?${DAY}`, sb.creds.creator.apiKey)).body.data).toEqual(wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2026-06-01", "2026-06-02")));
  });

  it("is cleared by a reset, and refuses a window that ends before it starts", async () => {
    await sb.controls({ pspDeclines: declines });
    await sb.reset();
    expect((await sb.json(`/api/v1/abandoned-carts?${DAY}`, sb.creds.creator.apiKey)).body.data).toEqual(wire(carts));
    const res = await sb.request("/__sandbox/controls", { method: "POST", body: JSON.stringify({ pspDeclines: [{ ...declines[0], to: declines[0]!.from }] }), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    await res.arrayBuffer();
  });
});
