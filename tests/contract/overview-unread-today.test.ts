// The Overview when the upstream did not answer for today (too slow, or down): today is said to
// be unread, with no figure and no change against a week ago, never "0.00 ▼ 100 %" (issue #24).
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildOverviewView } from "@/lib/reports/server/overview-report";
import { overviewWindows } from "@/lib/reports/overview-windows";
import { groundTruth } from "../../sandbox/ground-truth";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";
import type { MirroredClient } from "@/lib/mirror/range-reader";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => sb?.stop());

const windows = overviewWindows(new Date(FIXED_NOW), "UTC");

/** The client whose fetch of today's purchases alone ends with the day unfetched, as at a deadline. */
function todayUnanswered(client: MirroredClient): MirroredClient {
  const original = client.fetchRange.bind(client);
  client.fetchRange = (async (resource, range, options) => {
    const result = await original(resource, range, options);
    if (resource !== "purchases" || range.from !== windows.today || range.to !== windows.today) return result;
    return { ...result, records: [], digests: new Map(), report: { ...result.report, unfetchedDays: [windows.today], fetchedAt: [], complete: false } };
  }) as MirroredClient["fetchRange"];
  return client;
}

it("shows today as unread, with no figure and no change, when today's day could not be fetched", async () => {
  const view = await buildOverviewView(todayUnanswered(clientFor(sb, sb.creds.affiliate, "A").client), "affiliate", windows);
  expect(view.todayUnread).toBe(true);
  expect(view.today).toEqual([]);
  // The other tiles keep their figures, and the page says the period is incomplete.
  expect(view.last30.length).toBeGreaterThan(0);
  expect(view.quality.unfetchedDays).toEqual([windows.today]);
}, 120_000);

it("shows today's figures when it was read", async () => {
  const view = await buildOverviewView(clientFor(sb, sb.creds.affiliate, "A").client, "affiliate", windows);
  const sold = groundTruth({ now: FIXED_NOW }, "affiliate", "purchases", windows.today, "2026-06-16").filter((p) => Date.parse(String(p.checkoutInitializedAt)) < Date.parse(FIXED_NOW));
  expect(view.todayUnread).toBe(false);
  expect(view.today.flatMap((c) => c.items.filter((i) => i.key === "purchases").map((i) => i.value ?? 0)).reduce((a, b) => a + b, 0)).toBe(sold.length);
}, 120_000);
