import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { shiftDay } from "@/lib/calendar";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { startSandboxProcess, FIXED_NOW, wire, type RunningSandbox } from "../support/sandbox-process";
import { again, mirroredClient, NOW_MS, removeTempDataDirs, requestsOf, startSync, stopAccountSync, tempDataDir, TODAY, truth, waitForPassEnd } from "../support/mirror-sync";

// A refund that appears upstream on a 20-day-old purchase after the sync: the mirror keeps
// the day it holds while that is fresh (1 h for days up to 30 days old), and fetches the day
// again once it is not, picking the refund up. Today's refunds (fresh 60 s) show it sooner.
const DAYS = 30;
const MINUTE = 60_000;
const PURCHASE_DAY = shiftDay(TODAY, -20);

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => {
  await sb?.stop();
  removeTempDataDirs();
});

it("a refund on a 20-day-old purchase is picked up within the day's freshness window (1 h), not before", async () => {
  const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  const account = startSync(sb, "creator", store, { days: DAYS });
  await waitForPassEnd(account, "creator", store, DAYS);
  await stopAccountSync(account);
  const synced = await requestsOf(sb, "creator");
  expect(synced).toBeGreaterThan(0);

  // A purchase of that day with no refund yet gets one, requested now, for part of its amount.
  const before = truth("creator", "purchases", PURCHASE_DAY, PURCHASE_DAY) as Array<Record<string, unknown>>;
  const purchase = before.find((p) => p.amountRefunded === 0 && (p.amountTransaction as number) >= 10)!;
  expect(purchase).toBeDefined();
  const amount = Math.round((purchase.amountTransaction as number) * 50) / 100;
  const lateRefunds = [{ purchaseId: purchase.purchaseId as number, requestedAt: FIXED_NOW, amount }];
  await again(() => sb.controls({ lateRefunds }));
  const after = (resource: "purchases" | "orders" | "refunds", day: string) => truth("creator", resource, day, day, { lateRefunds });
  // The sandbox changed: ground truth with the control differs from what was synced.
  expect(after("purchases", PURCHASE_DAY)).not.toEqual(before);

  let offset = 0;
  const client = mirroredClient(sb, "creator", store, () => NOW_MS + offset);
  const read = async (resource: "purchases" | "orders" | "refunds", day: string) => {
    const requestsBefore = await requestsOf(sb, "creator");
    const { records, report } = await client.fetchRange(resource, { from: day, to: day });
    expect(await requestsOf(sb, "creator")).toBe(requestsBefore + report.requests);
    return { records: wire(records) as Array<Record<string, unknown>>, requests: report.requests, fetchedAt: report.fetchedAt };
  };

  // Half an hour on: the purchase's day is still fresh, read from the mirror as synced.
  offset = 30 * MINUTE;
  const stale = await read("purchases", PURCHASE_DAY);
  expect(stale.requests).toBe(0);
  expect(stale.records).toEqual(before);
  expect(stale.records.find((p) => p.purchaseId === purchase.purchaseId)?.amountRefunded).toBe(0);
  expect((await read("orders", PURCHASE_DAY)).requests).toBe(0);
  // Today's refunds are fresh 60 s only: already fetched again, with the new refund.
  const todayRefunds = await read("refunds", TODAY);
  expect(todayRefunds.requests).toBeGreaterThan(0);
  expect(todayRefunds.records).toEqual(after("refunds", TODAY));

  // Past the hour: the day is fetched again, and the purchase, its order and the refunds of
  // the day the refund was requested equal the sandbox's with the late refund.
  offset = 61 * MINUTE;
  const fresh = await read("purchases", PURCHASE_DAY);
  expect(fresh.requests).toBeGreaterThan(0);
  expect(fresh.records).toEqual(after("purchases", PURCHASE_DAY));
  expect(fresh.records.find((p) => p.purchaseId === purchase.purchaseId)?.amountRefunded).toBe(amount);
  expect(fresh.fetchedAt).toEqual([[PURCHASE_DAY, NOW_MS + 61 * MINUTE]]);
  const orders = await read("orders", PURCHASE_DAY);
  expect(orders.requests).toBeGreaterThan(0);
  expect(orders.records).toEqual(after("orders", PURCHASE_DAY));
  const refunds = await read("refunds", FIXED_NOW.slice(0, 10));
  expect(refunds.records).toEqual(after("refunds", TODAY));
  expect(refunds.records.map((r) => r.refundId)).toContain(`rfd_late_${purchase.purchaseId}`);

  // And the mirror now holds the new copy: read again a minute later, it costs nothing.
  offset = 62 * MINUTE;
  const later = await read("purchases", PURCHASE_DAY);
  expect(later.requests).toBe(0);
  expect(later.records).toEqual(after("purchases", PURCHASE_DAY));
  await store.close();
});
