// An upstream with only the contract's paths: the sandbox started with --disable-catalog, so
// /products and /offers answer 404. Sign-in's key-type probe, the optional catalogs and every
// report loader must work there, and a missing catalog is asked for once, not on every load.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorKind } from "@/lib/sales-api";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import { buildRefundsView } from "@/lib/reports/server/refunds-report";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { groundTruth } from "../../sandbox/ground-truth";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000", "--disable-catalog"])));
afterAll(async () => sb?.stop());
beforeEach(async () => sb.reset());

const FROM = "2026-05-01";
const TO = "2026-05-31";
const END = "2026-06-01"; // the API's exclusive end for TO
const paramsOf = (extra: Record<string, string> = {}) => parseReportParams({ from: FROM, to: TO, tz: "UTC", compare: "none", ...extra }, new Date(FIXED_NOW)).params;
const catalogRequests = async () => Object.values(await sb.stats()).flatMap((s) => s.log).filter((e) => /\/(products|offers)$/.test(e.path));

describe("the key-type probe uses a documented creator-only endpoint", () => {
  it.each([["creator", "A"], ["creator", "B"], ["affiliate", "A"], ["affiliate", "B"]] as const)("tells a %s key in Flow %s", async (who, flow) => {
    const { client } = clientFor(sb, sb.creds[who], flow);
    expect(await client.probeKeyType()).toBe(who);
    const log = (await sb.stats())[who]?.log ?? [];
    const probes = log.filter((e) => e.flow !== "auth");
    expect(probes).toHaveLength(1);
    expect(probes[0]?.path).toBe("/api/v1/orders");
    expect(probes[0]?.status).toBe(who === "creator" ? 200 : 403);
    // One UTC day, one record at most.
    const query = new URLSearchParams(probes[0]?.query ?? "");
    expect(query.get("limit")).toBe("1");
    expect(Date.parse(`${query.get("to")}T00:00:00Z`) - Date.parse(`${query.get("from")}T00:00:00Z`)).toBe(86_400_000);
  });

  it("still reports a revoked key as invalid_token", async () => {
    const { client } = clientFor(sb, sb.creds.revoked, "A");
    expect(errorKind(await client.probeKeyType().catch((e: unknown) => e))).toBe("invalid_token");
  });
});

describe("catalogs are optional", () => {
  it("answers 'no catalog' for a 404, and asks the upstream once for repeated calls", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const answers = await Promise.all([client.fetchCatalog("offers"), client.fetchCatalog("offers")]);
    answers.push(await client.fetchCatalog("offers"), await client.fetchCatalog("offers"));
    for (const answer of answers) expect(answer).toEqual({ available: false, records: [], truncated: false });
    expect(await client.fetchCatalog("products")).toMatchObject({ available: false });
    const requests = await catalogRequests();
    expect(requests.map((e) => [e.path, e.status])).toEqual([["/api/v1/offers", 404], ["/api/v1/products", 404]]);
  });

  it("keeps a catalog that exists, also asked for once", async () => {
    await sb.controls({ catalogEnabled: true });
    const { client } = clientFor(sb, sb.creds.creator, "B");
    const first = await client.fetchCatalog("offers");
    const second = await client.fetchCatalog("offers");
    expect(first.available).toBe(true);
    expect(first.records.length).toBeGreaterThan(0);
    expect(second).toBe(first);
    expect(await catalogRequests()).toHaveLength(1);
  });
});

describe("every report loads without a catalog", () => {
  it("Revenue, for a creator and an affiliate", async () => {
    for (const who of ["creator", "affiliate"] as const) {
      const { client } = clientFor(sb, sb.creds[who], "A");
      const view = await buildRevenueView(client, who, paramsOf());
      expect(view.rows.total).toBe(groundTruth({ now: FIXED_NOW }, who, "purchases", FROM, END).length);
      expect(view.quality.complete).toBe(true);
    }
  });

  it("Orders", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const view = await buildOrdersView(client, paramsOf());
    expect(view.totals.reduce((sum, t) => sum + t.count, 0)).toBe(groundTruth({ now: FIXED_NOW }, "creator", "orders", FROM, END).length);
  });

  it("Abandonment, with its comparison, asking for the missing offers catalog once", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const view = await buildAbandonmentView(client, paramsOf({ compare: "previous" }));
    await buildAbandonmentView(client, paramsOf({ compare: "previous" }));
    expect(view.totalCarts).toBe(groundTruth({ now: FIXED_NOW }, "creator", "abandoned-carts", FROM, END).length);
    expect((await catalogRequests()).map((e) => e.path)).toEqual(["/api/v1/offers"]);
  });

  it("Refunds & chargebacks, for a creator and an affiliate", async () => {
    for (const who of ["creator", "affiliate"] as const) {
      const { client } = clientFor(sb, sb.creds[who], "B");
      const view = await buildRefundsView(client, who, paramsOf({ dating: "event" }));
      expect(view.unavailable).toEqual([]);
      expect(view.refunds?.total).toBe(groundTruth({ now: FIXED_NOW }, who, "refunds", FROM, END).length);
    }
  });
});
