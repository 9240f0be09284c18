// from/to semantics per endpoint, the 90-day window, date validation, and newest-first order.
import { describe, expect, it } from "vitest";
import { groundTruth } from "../../sandbox/ground-truth";
import { creatorSandboxForFile } from "../support/creator-sandbox";
import { FIXED_NOW, wire } from "../support/sandbox-process";

const sb = creatorSandboxForFile();

const FILTER_COLUMN = {
  purchases: "checkoutInitializedAt",
  orders: "checkoutInitializedAt",
  "abandoned-carts": "sessionInitializedAt",
  checkouts: "loadedAt",
  refunds: "requestedAt",
  chargebacks: "requestedAt",
} as const;

describe("from inclusive, to exclusive, at 00:00 UTC", () => {
  it.each(Object.entries(FILTER_COLUMN))("%s are filtered by %s within [from, to)", async (resource, column) => {
    const from = resource === "chargebacks" ? "2026-05-01" : "2026-06-01";
    const res = await sb.json(`/api/v1/${resource}?from=${from}&to=2026-06-03&limit=5000`);
    expect(res.status).toBe(200);
    const stamps: string[] = res.body.data.map((r: any) => r[column]);
    expect(stamps.length).toBeGreaterThan(0);
    for (const s of stamps) expect(s >= `${from}T00:00:00Z` && s < "2026-06-03T00:00:00Z").toBe(true);
    if (resource !== "chargebacks") {
      // Chargebacks are rare (a few a week): the boundary days of this window need not hold one.
      expect(stamps.some((s) => s.startsWith("2026-06-01"))).toBe(true);
      expect(stamps.some((s) => s.startsWith("2026-06-02"))).toBe(true);
    }
    expect(res.body.data).toEqual(wire(groundTruth({ now: FIXED_NOW }, "creator", resource as keyof typeof FILTER_COLUMN, from, "2026-06-03")));
  });

  it("covers a last day D only when to is the day after D", async () => {
    const upTo = await sb.json("/api/v1/purchases?from=2026-06-01&to=2026-06-02&limit=5000");
    const day = (r: any) => r.checkoutInitializedAt.slice(0, 10);
    expect(new Set(upTo.body.data.map(day))).toEqual(new Set(["2026-06-01"]));
    const empty = await sb.json("/api/v1/purchases?from=2026-06-01&to=2026-06-01");
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
  });

  it.each(Object.entries(FILTER_COLUMN))("returns %s newest first by %s", async (resource, column) => {
    const from = resource === "chargebacks" ? "2026-03-17" : "2026-05-20";
    const res = await sb.json(`/api/v1/${resource}?from=${from}&to=2026-06-01&limit=5000`);
    const stamps: string[] = res.body.data.map((r: any) => r[column]);
    expect(stamps.length).toBeGreaterThan(1);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i - 1]! >= stamps[i]!).toBe(true);
  });

  it("breaks ties in the filter column by id, newest id first", async () => {
    const res = await sb.json("/api/v1/purchases?from=2026-05-20&to=2026-06-01&limit=5000");
    const rows = res.body.data as any[];
    let ties = 0;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      if (a.checkoutInitializedAt === b.checkoutInitializedAt) {
        ties++;
        expect(a.purchaseId > b.purchaseId).toBe(true);
      }
    }
    expect(ties).toBeGreaterThan(0); // upsells and bumps share their front purchase's checkout time
  });

  it("echoes the applied window in meta", async () => {
    const res = await sb.json("/api/v1/orders?from=2026-06-01&to=2026-06-08&limit=5000");
    expect(res.body.meta).toEqual({ count: res.body.data.length, limit: 5000, from: "2026-06-01", to: "2026-06-08", truncated: false });
  });

  it("shows nothing after now and nothing older than two years", async () => {
    const future = await sb.json("/api/v1/purchases?from=2026-06-16&to=2026-07-01");
    expect(future.body.data).toEqual([]);
    const today = await sb.json("/api/v1/purchases?from=2026-06-15&to=2026-06-16&limit=5000");
    expect(today.body.data.length).toBeGreaterThan(0);
    expect(today.body.data.every((p: any) => p.purchaseCreatedAt <= FIXED_NOW)).toBe(true);
    const ancient = await sb.json("/api/v1/purchases?from=2024-03-01&to=2024-04-01");
    expect(ancient.body.data).toEqual([]);
    const oldest = await sb.json("/api/v1/purchases?from=2024-06-16&to=2024-06-17");
    expect(oldest.body.data.length).toBeGreaterThan(0);
  });
});

describe("window size", () => {
  it("accepts exactly 90 days", async () => {
    const res = await sb.json("/api/v1/abandoned-carts?from=2026-03-01&to=2026-05-30&limit=1");
    expect(res.status).toBe(200);
  });

  it.each(["purchases", "orders", "abandoned-carts", "checkouts", "refunds", "chargebacks"])("answers 91 days on %s with 422 invalid_request", async (resource) => {
    const res = await sb.json(`/api/v1/${resource}?from=2026-03-01&to=2026-05-31`);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: "invalid_request", correlation_id: res.headers.get("x-correlation-id") });
  });
});

describe("date validation", () => {
  it("answers from later than to with 400 'from must be before to'", async () => {
    const res = await sb.json("/api/v1/purchases?from=2026-06-02&to=2026-06-01");
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_request", message: "from must be before to" });
  });

  it.each([
    ["from=2026-6-1&to=2026-06-02", "unpadded"],
    ["from=2026-02-30&to=2026-03-02", "impossible day"],
    ["from=2026-13-01&to=2026-12-02", "month 13"],
    ["from=2026-06-01T00:00:00Z&to=2026-06-02", "a timestamp"],
    ["from=yesterday&to=2026-06-02", "a word"],
    ["to=2026-06-02", "missing from"],
    ["from=2026-06-01", "missing to"],
  ])("answers %s (%s) with 400 invalid_request", async (query) => {
    const res = await sb.json(`/api/v1/purchases?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });
});
