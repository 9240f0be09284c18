// Test controls: latency, 5xx, forced 429, refunds/chargebacks off, odd record shapes,
// missing currency, counters; and they exist only when enabled, for loopback callers.
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

  it("refuses control changes that are not in the schema", async () => {
    const res = await sb.request("/__sandbox/controls", { method: "POST", body: JSON.stringify({ bogus: 1 }), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
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
