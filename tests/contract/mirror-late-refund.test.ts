import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { creatorKpis } from "@/lib/analytics/revenue-kpis";
import { shiftDay } from "@/lib/calendar";
import { resourcesFor } from "@/lib/mirror/account-sync";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { runSyncPass } from "@/lib/mirror/sync-pass";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import type { Purchase } from "@/lib/sales-api";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import type { LateRefund } from "../../sandbox/ground-truth";
import { startSandboxProcess, FIXED_NOW, wire, type RunningSandbox } from "../support/sandbox-process";
import { again, credentialOf, mirroredClient, NOW_MS, removeTempDataDirs, requestsOf, SECRET, startSync, stopAccountSync, tempDataDir, TODAY, transportOf, truth, waitForPassEnd } from "../support/mirror-sync";

// A refund that appears upstream on a 20-day-old purchase after the sync. The mirror keeps
// that day fresh for an hour (days up to 30 days old), but the refunds list, filtered by
// request time, shows the refund at once and names its purchase: the next sync pass (or a
// report's fetch of the refunds) marks the purchase's day stale and fetches it again, so
// Revenue's figure of that day changes within minutes, not when the day's hour (or, for older
// days, 24 h) runs out (issue 24, point 5). The clock is injected: nothing waits.
const DAYS = 30;
const MINUTE = 60_000;
const PURCHASE_DAY = shiftDay(TODAY, -20);

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => {
  await sb?.stop();
  removeTempDataDirs();
});

type Row = Record<string, unknown>;

/** The purchase of PURCHASE_DAY that gets the late refund, and the control that gives it. */
function lateRefundOnPurchaseDay(): { purchase: Row; amount: number; lateRefunds: LateRefund[] } {
  const before = truth("creator", "purchases", PURCHASE_DAY, PURCHASE_DAY) as Row[];
  const purchase = before.find((p) => p.amountRefunded === 0 && (p.amountTransaction as number) >= 10)!;
  expect(purchase).toBeDefined();
  const amount = Math.round((purchase.amountTransaction as number) * 50) / 100;
  return { purchase, amount, lateRefunds: [{ purchaseId: purchase.purchaseId as number, requestedAt: FIXED_NOW, amount }] };
}

/** Revenue's "Refunded" per currency for PURCHASE_DAY (UTC), as the page shows it, read at `at`; and the requests it cost. */
async function revenueRefunded(store: SqliteMirrorStore, at: number): Promise<{ refunded: Array<[string, number | null | undefined]>; requests: number }> {
  const { params, problems } = parseReportParams({ from: PURCHASE_DAY, to: PURCHASE_DAY, tz: "UTC", compare: "none" }, new Date(at));
  expect(problems).toEqual([]);
  const before = await requestsOf(sb, "creator");
  const view = await buildRevenueView(mirroredClient(sb, "creator", store, () => at), "creator", params);
  return { refunded: view.kpis.map((k) => [k.currency, k.items.find((i) => i.key === "refunded")?.value]), requests: (await requestsOf(sb, "creator")) - before };
}

/** The same figure from the sandbox's records (ground truth), with the late refund or without. */
function truthRefunded(lateRefunds: LateRefund[] = []): Array<[string, number]> {
  const purchases = truth("creator", "purchases", PURCHASE_DAY, PURCHASE_DAY, { lateRefunds }) as unknown as Purchase[];
  return creatorKpis(purchases).map((k) => [k.currency, k.refunded]);
}

async function syncedMirror(): Promise<SqliteMirrorStore> {
  const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  const account = startSync(sb, "creator", store, { days: DAYS });
  await waitForPassEnd(account, "creator", store, DAYS);
  await stopAccountSync(account);
  return store;
}

it("the next sync pass fetches the refunded purchase's day again, and Revenue's figure of that day changes minutes after the refund", async () => {
  const store = await syncedMirror();
  const { purchase, amount, lateRefunds } = lateRefundOnPurchaseDay();
  expect(truthRefunded(lateRefunds)).not.toEqual(truthRefunded()); // the control changes the figure
  // Before the refund, Revenue shows the synced figure, from the mirror alone.
  expect(await revenueRefunded(store, NOW_MS)).toEqual({ refunded: truthRefunded(), requests: 0 });
  try {
    await again(() => sb.controls({ lateRefunds }));

    // Two minutes on, the purchase's day is still well within its hour of freshness: alone, it would stay as synced.
    const at = NOW_MS + 2 * MINUTE;
    const client = createMirroredClient({ credential: credentialOf(sb, "creator"), target: "production", transport: transportOf(sb), priority: "background", limits: { perMinute: 100_000 }, stores: { rateLimit: new MemoryRateLimitStore() }, mirror: { store, clock: () => at, serverSecret: SECRET } });
    const pass = await runSyncPass({ client, resources: resourcesFor("creator"), days: DAYS, clock: () => at });
    expect(pass.unfetchedDays).toBe(0);
    // The pass fetched today's refunds (fresh 60 s) and, because one of them names the purchase, the purchase's day again.
    const [purchasesMeta] = await store.readMeta(client.identity, "purchases", [PURCHASE_DAY]);
    expect(purchasesMeta?.fetchedAt).toBe(at);
    const [ordersMeta] = await store.readMeta(client.identity, "orders", [PURCHASE_DAY]);
    expect(ordersMeta?.fetchedAt).toBe(at);

    // Revenue, read right after, shows the refund: from the mirror, without a request.
    expect(await revenueRefunded(store, at + MINUTE / 2)).toEqual({ refunded: truthRefunded(lateRefunds), requests: 0 });
    const { records } = await mirroredClient(sb, "creator", store, () => at).fetchRange("purchases", { from: PURCHASE_DAY, to: PURCHASE_DAY });
    expect((wire(records) as Row[]).find((p) => p.purchaseId === purchase.purchaseId)?.amountRefunded).toBe(amount);
    expect(wire(records)).toEqual(truth("creator", "purchases", PURCHASE_DAY, PURCHASE_DAY, { lateRefunds }));

    // A further pass fetches the day no more: it was fetched after the refund.
    const later = NOW_MS + 4 * MINUTE;
    const quiet = createMirroredClient({ credential: credentialOf(sb, "creator"), target: "production", transport: transportOf(sb), priority: "background", limits: { perMinute: 100_000 }, stores: { rateLimit: new MemoryRateLimitStore() }, mirror: { store, clock: () => later, serverSecret: SECRET } });
    await runSyncPass({ client: quiet, resources: resourcesFor("creator"), days: DAYS, clock: () => later });
    expect((await store.readMeta(client.identity, "purchases", [PURCHASE_DAY]))[0]?.fetchedAt).toBe(at);
  } finally {
    await again(() => sb.controls({ lateRefunds: [] }));
    await store.close();
  }
});

it("a report's fetch of the refunds (the Refunds-by-request view) marks the purchase's day stale too: Revenue's next load fetches it", async () => {
  const store = await syncedMirror();
  const { lateRefunds } = lateRefundOnPurchaseDay();
  try {
    await again(() => sb.controls({ lateRefunds }));
    const at = NOW_MS + 2 * MINUTE;
    const refunds = await mirroredClient(sb, "creator", store, () => at).fetchRange("refunds", { from: TODAY, to: TODAY });
    expect(wire(refunds.records)).toEqual(truth("creator", "refunds", TODAY, TODAY, { lateRefunds }));
    const revenue = await revenueRefunded(store, at);
    expect(revenue.requests).toBeGreaterThan(0);
    expect(revenue.refunded).toEqual(truthRefunded(lateRefunds));
  } finally {
    await again(() => sb.controls({ lateRefunds: [] }));
    await store.close();
  }
});
