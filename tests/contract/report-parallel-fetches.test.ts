// A report's fetches that do not depend on each other run side by side within the limiter:
// the shown and the comparison period, carts and purchases, purchases, refunds and
// chargebacks. Each report's progress counts all of them, and ends with every window done.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import { buildRefundsView } from "@/lib/reports/server/refunds-report";
import { ReportProgress } from "@/lib/reports/report-progress";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import type { RangeProgress } from "@/lib/sales-api/fetch-days";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";
import type { MirroredClient } from "@/lib/mirror/range-reader";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => sb?.stop());
beforeEach(async () => sb.reset());

const params = parseReportParams({ from: "2026-03-01", to: "2026-05-31", tz: "UTC", compare: "previous" }, new Date(FIXED_NOW)).params;

/** The client with its fetches watched: which resources were in flight together. */
function watched(client: MirroredClient) {
  const running = new Set<string>();
  const overlaps: string[][] = [];
  const original = client.fetchRange.bind(client);
  client.fetchRange = (async (resource, range, options) => {
    const name = `${resource} ${range.from}`;
    running.add(name);
    if (running.size > 1) overlaps.push([...running].sort());
    try {
      return await original(resource, range, options);
    } finally {
      running.delete(name);
    }
  }) as MirroredClient["fetchRange"];
  return { overlaps: () => overlaps.flat() };
}

function progressOf() {
  const seen: RangeProgress[] = [];
  return { progress: new ReportProgress((p) => seen.push(p)), last: () => seen.at(-1) };
}

describe("fetches side by side", () => {
  it("Revenue: the shown and the comparison period", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const { overlaps } = watched(client);
    const { progress, last } = progressOf();
    await buildRevenueView(client, "creator", params, { progress });
    expect(overlaps()).toContain("purchases 2026-03-01");
    expect(overlaps()).toContain("purchases 2025-11-29");
    expect(last()?.windowsDone).toBe(last()?.windowsTotal);
    expect(last()?.windowsTotal).toBeGreaterThan(1);
  });

  it("Orders: the shown and the comparison period", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const { overlaps } = watched(client);
    const { progress, last } = progressOf();
    const view = await buildOrdersView(client, params, { progress });
    expect(view.comparison).not.toBeNull();
    expect(new Set(overlaps().map((f) => f.split(" ")[0]))).toEqual(new Set(["orders"]));
    expect(overlaps().length).toBeGreaterThanOrEqual(2);
    expect(last()?.windowsDone).toBe(last()?.windowsTotal);
  });

  it("Abandonment: carts and purchases, both periods", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const { overlaps } = watched(client);
    const { progress, last } = progressOf();
    await buildAbandonmentView(client, params, { progress });
    expect(new Set(overlaps().map((f) => f.split(" ")[0]))).toEqual(new Set(["abandoned-carts", "purchases"]));
    expect(last()?.windowsDone).toBe(last()?.windowsTotal);
  });

  it("Refunds: purchases, refunds and chargebacks, both periods", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const { overlaps } = watched(client);
    const { progress, last } = progressOf();
    await buildRefundsView(client, "creator", params, { progress });
    expect(new Set(overlaps().map((f) => f.split(" ")[0]))).toEqual(new Set(["purchases", "refunds", "chargebacks"]));
    expect(last()?.windowsDone).toBe(last()?.windowsTotal);
  });
});

describe("the offers catalog", () => {
  it("is asked for once per account, not at every Abandonment load", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const offers = async () => Object.values(await sb.stats()).flatMap((s) => s.log).filter((e) => e.path.endsWith("/offers")).length;
    await buildAbandonmentView(client, params);
    await buildAbandonmentView(client, { ...params, from: "2026-04-01" });
    await buildAbandonmentView(client, params);
    expect(await offers()).toBe(1);
  });
});
