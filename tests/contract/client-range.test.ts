// lib/sales-api's fetchRange against the sandbox: exactly the ground truth for ranges of
// any length, including windows that truncate at 5000, in few requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groundTruth } from "../../sandbox/ground-truth";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW])));
afterAll(async () => sb?.stop());

const LAST = "2026-06-15";
const RANGES: Array<[number, string]> = [[1, "2026-06-15"], [90, "2026-03-18"], [91, "2026-03-17"], [365, "2025-06-16"], [730, "2024-06-16"]];
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe("fetchRange equals the ground truth", () => {
  it.each(RANGES)("for %i days of purchases (creator, Flow A)", async (days, from) => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const truth = wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", from, dayAfter(LAST)));
    const { records, report } = await client.fetchRange("purchases", { from, to: LAST });
    expect(wire(records)).toEqual(truth);
    expect(report.complete).toBe(true);
    expect(report.incompleteDays).toEqual([]);
    const lowerBound = Math.max(Math.ceil(days / 90), Math.ceil(truth.length / 5000));
    expect(report.requests).toBeLessThanOrEqual(Math.ceil(lowerBound * 1.3));
    if (truth.length > 5000) expect(report.windows.some((w) => w.truncated)).toBe(true);
  });

  it.each([["orders"], ["abandoned-carts"], ["refunds"], ["chargebacks"], ["checkouts"]] as const)("for 365 days of %s", async (resource) => {
    const { client } = clientFor(sb, sb.creds.creator, "A");
    const truth = wire(groundTruth({ now: FIXED_NOW }, "creator", resource, "2025-06-16", dayAfter(LAST)));
    const { records, report } = await client.fetchRange(resource, { from: "2025-06-16", to: LAST });
    expect(wire(records)).toEqual(truth);
    expect(report.complete).toBe(true);
  });

  it("for an affiliate over 730 days, through Flow B", async () => {
    const { client } = clientFor(sb, sb.creds.affiliate, "B");
    const truth = wire(groundTruth({ now: FIXED_NOW }, "affiliate", "purchases", "2024-06-16", dayAfter(LAST)));
    const { records, report } = await client.fetchRange("purchases", { from: "2024-06-16", to: LAST });
    expect(wire(records)).toEqual(truth);
    expect(report.tokenExchanges).toBe(1);
  });
});
