// lib/sales-api under failure: injected 429s and 5xx, token expiry and early revocation,
// forbidden endpoints, schema-breaking records, timeouts; plus caching and coalescing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorKind, SalesApiHttpError, SalesApiTransportError } from "@/lib/sales-api";
import { toCents } from "@/lib/analytics/money";
import { createTransport, type Transport } from "@/lib/sales-api/transport";
import type { ApiRecord } from "../../sandbox/data/records";
import { groundTruth } from "../../sandbox/ground-truth";
import { isOddRecord } from "../../sandbox/odd-shapes";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000", "--token-ttl-seconds", "3"])));
afterAll(async () => sb?.stop());
beforeEach(async () => sb.reset());

const RANGE = { from: "2026-01-01", to: "2026-06-15" };
const truth = (account: "creator" | "affiliate" = "creator") => wire(groundTruth({ now: FIXED_NOW }, account, "purchases", RANGE.from, "2026-06-16"));

// Whether each 429 the sandbox sent was followed by a request no sooner than `minMs` later, as
// the sandbox saw them (its own log of request starts): a lower bound of the wait the
// client was told to make, which fails only if it retried too early, never on a slow machine.
async function gapsAfter429(minMs = 1000): Promise<boolean[]> {
  const log = (await sb.stats()).creator?.log ?? [];
  return log.flatMap((entry, i) => (entry.status === 429 ? [log[i + 1] !== undefined && log[i + 1]!.t - entry.t >= minMs] : []));
}

describe("transient failures", () => {
  it("still returns exactly the ground truth with 5xx injected into a third of the answers", async () => {
    await sb.controls({ fail5xxNext: 2, errorRate5xx: 0.33 });
    const { client } = clientFor(sb, sb.creds.creator, "A", { retry: { baseDelayMs: 10, maxDelayMs: 50, maxRetries: 8 } });
    const { records, report } = await client.fetchRange("purchases", RANGE);
    expect(wire(records)).toEqual(truth());
    expect(report.retries).toBeGreaterThanOrEqual(2);
    const stats = await sb.stats();
    expect(stats.creator?.byStatus["500"]).toBe(report.retries);
  });

  it("waits out 429s for the time Retry-After says, then returns the ground truth", async () => {
    await sb.controls({ fail429Next: 3, retryAfterSeconds: 1 });
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const { records, report } = await client.fetchRange("purchases", RANGE);
    expect(wire(records)).toEqual(truth());
    expect(report.retries).toBe(3);
    expect(await gapsAfter429()).toEqual([true, true, true]);
  });

  it("honours Retry-After given as an HTTP date", async () => {
    await sb.controls({ fail429Next: 1, retryAfterSeconds: 2, retryAfterFormat: "http-date" });
    const { client } = clientFor(sb, sb.creds.creator, "A");
    await client.fetchRange("purchases", { from: "2026-06-01", to: "2026-06-02" });
    // An HTTP date has whole seconds: "2 s from now" is at least 1 s after the 429.
    expect(await gapsAfter429(1000)).toEqual([true]);
  });

  it("gives up with a typed rate-limited error carrying the wait, when the upstream keeps refusing", async () => {
    await sb.controls({ fail429Next: 100, retryAfterSeconds: 1 });
    const { client } = clientFor(sb, sb.creds.creator, "A", { retry: { maxRetries: 2 } });
    const error = await client.fetchRange("purchases", { from: "2026-06-01", to: "2026-06-02" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SalesApiHttpError);
    expect(errorKind(error)).toBe("rate_limited");
    expect((error as SalesApiHttpError).retryAfter).toBe("1");
    expect((error as SalesApiHttpError).correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("turns a timeout into a typed error after its retries", async () => {
    await sb.controls({ latencyMs: 1500 });
    const { createTransport } = await import("@/lib/sales-api/transport");
    const { client } = clientFor(sb, sb.creds.creator, "A", {
      transport: createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 300 }),
      retry: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 10 },
    });
    const error = await client.fetchRange("purchases", { from: "2026-06-01", to: "2026-06-02" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SalesApiTransportError);
    expect(errorKind(error)).toBe("timeout");
  });
});

describe("Flow B", () => {
  it("reuses one token for every request until it expires, then exchanges again", async () => {
    // A token life long enough for the first fetch even on a loaded machine; the wait below
    // is measured from the exchange itself (the sandbox's log), not from the fetch's end.
    const TTL_MS = 12_000;
    await sb.controls({ tokenTtlSeconds: TTL_MS / 1000 });
    const { client } = clientFor(sb, sb.creds.creator, "B");
    const first = await client.fetchRange("purchases", RANGE);
    expect(first.report.requests).toBeGreaterThan(2);
    expect(first.report.tokenExchanges).toBe(1);
    const exchangedAt = ((await sb.stats()).creator?.log ?? []).find((e) => e.flow === "auth")!.t;
    await new Promise((r) => setTimeout(r, Math.max(0, exchangedAt + TTL_MS + 1000 - Date.now())));
    const second = await client.fetchRange("orders", { from: "2026-06-01", to: "2026-06-10" });
    expect(second.report.tokenExchanges).toBe(1);
    const log = (await sb.stats()).creator?.log ?? [];
    expect(log.filter((e) => e.flow === "auth")).toHaveLength(2);
    expect(log.filter((e) => e.status === 401)).toHaveLength(0);
  });

  it("renews a token revoked before its expiry once, on the 401, and goes on", async () => {
    await sb.controls({ tokenTtlSeconds: 3600 });
    const { client } = clientFor(sb, sb.creds.affiliate, "B");
    await client.fetchRange("purchases", { from: "2026-06-01", to: "2026-06-02" });
    await sb.invalidateTokens();
    const { records, report } = await client.fetchRange("purchases", RANGE);
    expect(wire(records)).toEqual(truth("affiliate"));
    expect(report.tokenExchanges).toBe(1);
    const log = (await sb.stats()).affiliate?.log ?? [];
    expect(log.filter((e) => e.flow === "auth")).toHaveLength(2); // the first token, and one renewal
  });

  it("reports a revoked credential as invalid_token without looping", async () => {
    const { client } = clientFor(sb, sb.creds.revoked, "B");
    const error = await client.fetchRange("purchases", { from: "2026-06-01", to: "2026-06-02" }).catch((e: unknown) => e);
    expect(errorKind(error)).toBe("invalid_token");
  });
});

describe("scope and shape", () => {
  it.each(["orders", "abandoned-carts", "checkouts"] as const)("answers an affiliate's %s with a typed forbidden error and its correlation id", async (resource) => {
    const { client } = clientFor(sb, sb.creds.affiliate, "A");
    const error = await client.fetchRange(resource, { from: "2026-06-01", to: "2026-06-02" }).catch((e: unknown) => e);
    expect(errorKind(error)).toBe("forbidden");
    expect((error as SalesApiHttpError).status).toBe(403);
    expect((error as SalesApiHttpError).correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reads amounts written as plain decimal strings exactly, counts them as odd shapes, and keeps the figures whole", async () => {
    await sb.controls({ oddShapeRate: 0.2 });
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const { records, report } = await client.fetchRange("purchases", RANGE);
    const all = truth();
    const cents = (list: ReadonlyArray<Record<string, unknown>>) => list.reduce((sum, p) => sum + toCents(p.amountTransaction as number), 0);
    expect(records).toHaveLength(all.length);
    expect(cents(records)).toBe(cents(all));
    // The same values as the JSON numbers (the odd records also carry an extra field, kept).
    const withoutExtra = wire(records).map((p) => Object.fromEntries(Object.entries(p).filter(([key]) => key !== "unexpectedField")));
    expect(withoutExtra).toEqual(all);
    const odd = all.filter((p) => isOddRecord(p as unknown as ApiRecord, 0.2)).length;
    expect(odd).toBeGreaterThan(all.length * 0.15);
    expect(report.oddShapeRecords).toBe(odd);
    expect(report.invalidRecords).toEqual([]);
    expect(report.complete).toBe(true);
    // The count survives the day cache.
    const again = await client.fetchRange("purchases", RANGE);
    expect(again.report.requests).toBe(0);
    expect(again.report.oddShapeRecords).toBe(odd);
  });

  it("reports records whose amount is text but not a number with their correlation ids, counts them, and keeps the rest exact", async () => {
    await sb.controls({ oddShapeRate: 0.02 });
    // The sandbox writes odd amounts as plain decimals ("12.34"), which are read; a comma
    // decimal ("12,34") is not a number we may read, so such records must be left out.
    const transport = createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 15_000 });
    const commaDecimals: Transport = {
      baseUrl: transport.baseUrl,
      async request(request) {
        const response = await transport.request(request);
        const data = (response.body as { data?: unknown } | null)?.data;
        if (Array.isArray(data)) for (const r of data as Array<Record<string, unknown>>) if (typeof r.amountTransaction === "string") r.amountTransaction = r.amountTransaction.replace(".", ",");
        return response;
      },
    };
    const { client } = clientFor(sb, sb.creds.creator, "A", { transport: commaDecimals });
    const { records, report } = await client.fetchRange("purchases", RANGE);
    const all = truth();
    expect(report.invalidRecords.length).toBeGreaterThan(0);
    expect(report.oddShapeRecords).toBe(0);
    expect(report.complete).toBe(false);
    expect(records.length + report.invalidRecords.length).toBe(all.length);
    const bad = new Set(report.invalidRecords.map((r) => r.id));
    expect(wire(records)).toEqual(all.filter((p) => !bad.has(String(p.purchaseId))));
    for (const invalid of report.invalidRecords) {
      expect(invalid.correlationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(invalid.problem).toMatch(/amountTransaction/);
    }
  });

  it("keeps records whose currency is missing", async () => {
    await sb.controls({ omitCurrency: true });
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const { records, report } = await client.fetchRange("purchases", { from: "2026-06-01", to: "2026-06-07" });
    expect(report.complete).toBe(true);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((p) => p.currency === undefined)).toBe(true);
  });
});

describe("frugality", () => {
  it("serves a repeated range from the cache without any upstream request", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const first = await client.fetchRange("purchases", RANGE);
    const second = await client.fetchRange("purchases", RANGE);
    expect(second.report.requests).toBe(0);
    expect(second.report.cacheHits).toBe(166);
    expect(second.records).toEqual(first.records);
    const wider = await client.fetchRange("purchases", { from: "2025-12-01", to: RANGE.to });
    expect(wider.report.cacheHits).toBe(166);
    expect(wire(wider.records)).toEqual(wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2025-12-01", "2026-06-16")));
  });

  it("coalesces identical requests in flight into one upstream call", async () => {
    const { client } = clientFor(sb, sb.creds.creator2, "A");
    const [a, b] = await Promise.all([client.fetchRange("orders", RANGE), client.fetchRange("orders", RANGE)]);
    expect(a.records).toEqual(b.records);
    const served = (await sb.stats()).creator2?.requests ?? 0;
    expect(served).toBe(a.report.requests + b.report.requests);
    expect(Math.min(a.report.requests, b.report.requests)).toBe(0);
  });

  it("reports progress up to the last window", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const seen: Array<{ windowsDone: number; windowsTotal: number }> = [];
    const { report } = await client.fetchRange("purchases", { from: "2025-01-01", to: "2026-06-15" }, { onProgress: (p) => seen.push(p) });
    const last = seen.at(-1)!;
    expect(last.windowsDone).toBe(report.windows.length);
    expect(last.windowsTotal).toBe(last.windowsDone);
    expect(seen.every((p) => p.windowsDone <= p.windowsTotal)).toBe(true);
  });
});
