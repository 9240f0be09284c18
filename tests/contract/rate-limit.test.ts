// 60 requests a minute per client by default, 429 rate_limited with Retry-After, per client.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW])));
afterAll(async () => sb?.stop());
beforeEach(async () => sb.reset());

const PATH = "/api/v1/purchases?from=2026-06-10&to=2026-06-11&limit=1";

async function burst(count: number, token: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await sb.request(PATH, { token });
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  return statuses;
}

describe("rate limit", () => {
  it("serves 60 requests a minute per client by default and answers the 61st with 429 rate_limited", async () => {
    const statuses = await burst(60, sb.creds.creator.apiKey);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const res = await sb.request(PATH, { token: sb.creds.creator.apiKey });
    expect(res.status).toBe(429);
    const body = (await res.json()) as any;
    expect(body.error).toMatchObject({ code: "rate_limited", correlation_id: res.headers.get("x-correlation-id") });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts per client: another credential is not slowed by the first one's burst", async () => {
    await burst(61, sb.creds.creator.apiKey);
    expect(await burst(3, sb.creds.creator2.apiKey)).toEqual([200, 200, 200]);
  });

  it("counts a refused request against nothing, and the sandbox's counters show what it served", async () => {
    await burst(63, sb.creds.affiliate.apiKey);
    const stats = await sb.stats();
    expect(stats.affiliate?.byStatus).toEqual({ "200": 60, "429": 3 });
  });

  it("can be raised at run time by a test control", async () => {
    await sb.controls({ ratePerMinute: 100_000 });
    expect((await burst(70, sb.creds.creator.apiKey)).every((s) => s === 200)).toBe(true);
  });

  it("can send Retry-After as an HTTP date", async () => {
    await sb.controls({ fail429Next: 1, retryAfterFormat: "http-date", retryAfterSeconds: 30 });
    const res = await sb.request(PATH, { token: sb.creds.creator.apiKey });
    expect(res.status).toBe(429);
    // Read against the answer's own Date header (both have whole seconds), not against the
    // test's clock, so a slow machine cannot move it.
    const at = Date.parse(res.headers.get("retry-after") ?? "");
    const sent = Date.parse(res.headers.get("date") ?? "");
    expect(Math.abs(at - sent - 30_000)).toBeLessThanOrEqual(1_000);
  });

  it("applies a daily quota too", async () => {
    await sb.controls({ ratePerDay: 5 });
    const statuses = await burst(6, sb.creds.creator.apiKey);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("a sandbox started with --rate-limit-per-minute", () => {
  it("uses that rate, with a Retry-After that runs to the end of the window", async () => {
    const small = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "3"]);
    try {
      const statuses: number[] = [];
      let retryAfter = 0;
      for (let i = 0; i < 4; i++) {
        const res = await small.request(PATH, { token: small.creds.creator.apiKey });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = Number(res.headers.get("retry-after"));
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(retryAfter).toBeGreaterThan(55);
    } finally {
      await small.stop();
    }
  });
});
