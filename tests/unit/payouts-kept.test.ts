// The back-test's month starts kept between requests (payouts-kept.ts): the kept path gives the
// view a fresh computation gives, a day fetched again before a month's start makes that month
// again (and only the months it reads), and the worker thread makes the same view as this one.
import { salesOfTable } from "@/lib/analytics/payout-sale-table";
import { afterAll, describe, expect, it } from "vitest";
import { DAY_MS, formatDay, parseDay } from "@/lib/calendar";
import { backtestSpans } from "@/lib/reports/payouts-month";
import { closedSalesKey, newPayoutBacktests, openPayoutsViewWorker, warmPayoutsView } from "@/lib/reports/server/payouts-kept";
import { workerOf } from "@/lib/store/worker/store-in-worker";
import { PayoutsViewWorker } from "@/lib/reports/server/payouts-view-worker";
import { inputsOfRecords, payoutModelOf, payoutsViewKept, payoutsViewOf, type PayoutRecords } from "@/lib/reports/server/payouts-report";
import { backtestFromKept, keepBacktestSpan } from "@/lib/analytics/payout-backtest";
import type { GenericRecord, Purchase } from "@/lib/sales-api";
import { payoutColumnsOfRecords } from "@/lib/analytics/payout-sales";
import { lossRowsOf } from "@/lib/reports/server/payouts-losses";
import type { RangeReport } from "@/lib/mirror/range-types";

const NOW = new Date("2026-06-15T12:00:00Z");
const FROM = "2024-06-15";
const TO = "2026-06-15";
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/** Two years of sales, two a day, with refunds and chargebacks drawn from a fixed seed. */
function history(): { purchases: Purchase[]; refunds: GenericRecord[]; chargebacks: GenericRecord[] } {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const purchases: Purchase[] = [];
  const refunds: GenericRecord[] = [];
  const chargebacks: GenericRecord[] = [];
  for (let day = parseDay(FROM); day < parseDay(TO); day++) {
    for (let n = 0; n < 2; n++) {
      const id = purchases.length + 1;
      const soldMs = day * DAY_MS + Math.floor(random() * DAY_MS);
      const net = 50 + Math.floor(random() * 100);
      purchases.push({
        purchaseId: id, purchaseUcode: `P${id}`, checkoutId: `c${id}`, purchaseType: "front", currency: random() < 0.8 ? "brl" : "usd",
        purchaseCreatedAt: iso(soldMs), checkoutInitializedAt: iso(soldMs - 60_000), productName: random() < 0.5 ? "Course" : "Book",
        amountTransaction: net + 20, amountItemsGross: net + 20, amountItemsNet: net + 10, amountCreatorNet: net, amountAffiliation: 30, amountAffiliationNet: Math.round(net / 4),
        incomingAvailableAt: iso(soldMs + 30 * DAY_MS),
      } as Purchase);
      const loss = random();
      const atMs = soldMs + Math.floor(random() * 40 * DAY_MS);
      if (atMs >= NOW.getTime()) continue;
      if (loss < 0.08) refunds.push({ refundId: `r${id}`, purchaseId: id, amount: net + 20, requestedAt: iso(atMs) });
      else if (loss < 0.1) chargebacks.push({ chargebackId: `k${id}`, purchaseId: id, amount: net + 20, requestedAt: iso(atMs), ...(loss < 0.09 ? { status: "won", resolvedAt: iso(atMs + 5 * DAY_MS) } : {}) });
    }
  }
  return { purchases, refunds, chargebacks };
}

const report = (resource: RangeReport["resource"], stamp: (day: string) => number): RangeReport =>
  ({ resource, from: FROM, to: TO, windows: [], requests: 0, retries: 0, tokenExchanges: 0, cacheHits: 0, incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true, fetchedAt: Array.from({ length: parseDay(TO) - parseDay(FROM) + 1 }, (_, i) => [formatDay(parseDay(FROM) + i), stamp(formatDay(parseDay(FROM) + i))]) }) satisfies RangeReport;

function records(stamp: (day: string) => number = () => 1): PayoutRecords {
  return {
    ...history(), unavailable: [], assumedCurrencyRecords: 0, currency: { currency: "brl", source: "setting", offers: {} }, history: { from: FROM, to: TO },
    reports: (["purchases", "refunds", "chargebacks"] as const).map((r) => report(r, stamp)),
  } as PayoutRecords;
}

const request = { now: NOW, month: null, tz: "America/Sao_Paulo" };
// computedAt is the clock at the build, not a figure.
const json = (value: unknown) => JSON.stringify(value, (key, v: unknown) => (key === "computedAt" ? 0 : v));

describe("the payout back-test's month starts, kept", () => {
  const worker = openPayoutsViewWorker();
  afterAll(() => worker.close());

  it("gives the fresh view, and a second request makes no month again", async () => {
    const data = inputsOfRecords(records());
    const kept = newPayoutBacktests(new PayoutsViewWorker());
    const fresh = payoutsViewOf(data, "creator", request);
    expect(fresh.backtest.months.length).toBeGreaterThan(10);
    expect(json(await payoutsViewKept(data, "creator", request, "acct", kept))).toBe(json(fresh));
    const made = kept.made;
    expect(made).toBe(12);
    expect(json(await payoutsViewKept(data, "creator", request, "acct", kept))).toBe(json(fresh));
    expect(kept.made).toBe(made);
    // Another key type reads another net: its own months.
    expect(json(await payoutsViewKept(data, "affiliate", request, "acct", kept))).toBe(json(payoutsViewOf(data, "affiliate", request)));
    expect(kept.made).toBe(2 * made);
  });

  it("makes again the months after a day fetched again, and gives the view of the changed day", async () => {
    const kept = newPayoutBacktests(new PayoutsViewWorker());
    const before = await payoutsViewKept(inputsOfRecords(records()), "creator", request, "acct", kept);
    // A refund arrives for a sale of 2025-09-10, and the mirror fetches that day again.
    const changed = records((day) => (day === "2025-09-10" ? 2 : 1));
    const sale = changed.purchases.find((p) => p.purchaseCreatedAt!.startsWith("2025-09-10") && !changed.refunds!.some((r) => r.purchaseId === p.purchaseId))!;
    changed.refunds!.push({ refundId: "late", purchaseId: sale.purchaseId, amount: 10, requestedAt: "2025-09-10T23:00:00Z" });
    const data = inputsOfRecords(changed);
    const view = await payoutsViewKept(data, "creator", request, "acct", kept);
    expect(json(view)).toBe(json(payoutsViewOf(data, "creator", request)));
    // The late refund moves the back-test: a kept month start would have hidden it.
    expect(json(view.backtest)).not.toBe(json(before.backtest));
    // Only the months that start after that day read it.
    const spans = backtestSpans(FROM, NOW.getTime(), request.tz);
    expect(kept.made).toBe(12 + spans.filter((s) => s.startMs >= Date.parse("2025-09-10T00:00:00Z")).length);
    expect(kept.made).toBeLessThan(24);
  });

  it("keeps no more sales than its bound, and gives the fresh view all the same", async () => {
    const data = inputsOfRecords(records());
    const kept = newPayoutBacktests(new PayoutsViewWorker(), 200);
    const fresh = json(payoutsViewOf(data, "creator", request));
    expect(json(await payoutsViewKept(data, "creator", request, "acct", kept))).toBe(fresh);
    expect(kept.months.calculatedSize).toBeLessThanOrEqual(200);
    expect(kept.months.size).toBeLessThan(12);
    expect(json(await payoutsViewKept(data, "creator", request, "acct", kept))).toBe(fresh);
    expect(kept.made).toBeGreaterThan(12);
  });

  it("starts the view's thread before the first view when warmed (the server's start), and makes the view in it", async () => {
    const engine = openPayoutsViewWorker();
    try {
      const kept = newPayoutBacktests(engine);
      expect(workerOf(engine)).toBeUndefined();
      await warmPayoutsView(kept);
      const thread = workerOf(engine);
      expect(thread).toBeDefined();
      const data = inputsOfRecords(records());
      expect(json(await payoutsViewKept(data, "creator", request, "acct", kept))).toBe(json(payoutsViewOf(data, "creator", request)));
      expect(workerOf(engine)).toBe(thread);
    } finally {
      await engine.close();
    }
  });

  it("makes the same view in the worker thread, and keeps its months", async () => {
    const data = inputsOfRecords(records());
    const view = payoutsViewOf(data, "creator", request);
    const kept = newPayoutBacktests(worker);
    expect(json(await payoutsViewKept(data, "creator", request, "acct", kept))).toBe(json(view));
    expect(json(await payoutsViewKept(data, "creator", request, "acct", kept))).toBe(json(view));
    expect(kept.made).toBe(12);
  });

  it("keys the closed days' sales by their store, days, currency plan and fetch times: a newer day fetched again keeps them", () => {
    const store = {};
    const closed = { from: FROM, to: "2026-05-15" };
    const plan = { offers: [], setting: "brl" };
    const key = (stamp: (day: string) => number, on: object = store, p: unknown = plan) => closedSalesKey(on, "acct", closed, p, report("purchases", stamp));
    expect(key(() => 1)).toBe(key(() => 1));
    expect(key((day) => (day === "2026-06-01" ? 2 : 1))).toBe(key(() => 1));
    expect(key((day) => (day === "2026-05-15" ? 2 : 1))).not.toBe(key(() => 1));
    expect(key(() => 1, {})).not.toBe(key(() => 1));
    expect(key(() => 1, store, { offers: [], setting: "usd" })).not.toBe(key(() => 1));
  });
  it("reads a kept month's sales whatever order the sales come in (one pass in order, else an index)", () => {
    const model = payoutModelOf(inputsOfRecords(records()), "creator", request);
    const starts = model.spans.map((span) => keepBacktestSpan(model.sales, model.events, span));
    const fresh = json(backtestFromKept(starts, model.sales, model.events, model.nowMs, model.localDay));
    const sales = salesOfTable(model.sales);
    expect(json(backtestFromKept(starts, [...sales].reverse(), model.events, model.nowMs, model.localDay))).toBe(fresh);
    expect(json(backtestFromKept(starts, [...sales.slice(100), ...sales.slice(0, 100)], model.events, model.nowMs, model.localDay))).toBe(fresh);
  });

  it("keeps the model's table of the closed days and the newer ones while they, the losses and the sales made after now stay the same", async () => {
    const all = records();
    // The newer days' sales first, then the closed days', as the calendar reads its history (payouts-facts.ts).
    const newest = [...all.purchases].reverse();
    const cut = "2026-05-15";
    const newer = newest.filter((p) => p.purchaseCreatedAt!.slice(0, 10) > cut);
    const older = newest.filter((p) => p.purchaseCreatedAt!.slice(0, 10) <= cut);
    const inputs = (losses: PayoutRecords = all) => ({ ...inputsOfRecords(all), ...lossRowsOf(losses), sales: payoutColumnsOfRecords(newer) });
    const whole = (losses: PayoutRecords = all) => ({ ...inputs(losses), sales: payoutColumnsOfRecords([...newer, ...older]) });
    const worker = new PayoutsViewWorker();
    const kept = newPayoutBacktests(worker);
    const closed = { key: "closed", read: async () => payoutColumnsOfRecords(older) };
    const view = (at: typeof request, keyType: "creator" | "affiliate" = "creator", losses: PayoutRecords = all) => payoutsViewKept(inputs(losses), keyType, at, "acct", kept, closed);
    const fresh = (at: typeof request, keyType: "creator" | "affiliate" = "creator", losses: PayoutRecords = all) => json(payoutsViewOf(whole(losses), keyType, at));

    expect(json(await view(request))).toBe(fresh(request));
    expect(await worker.madeTables()).toBe(1);
    expect(json(await view(request))).toBe(fresh(request));
    expect(await worker.madeTables()).toBe(1);
    // An hour later no sale is newer than now, as before: the same table, the model fitted at the new now.
    const later = { ...request, now: new Date(NOW.getTime() + 3_600_000) };
    expect(json(await view(later))).toBe(fresh(later));
    expect(await worker.madeTables()).toBe(1);
    // A now before the newest sales leaves them out: another table.
    const earlier = { ...request, now: new Date(Date.parse("2026-06-14T00:00:00Z")) };
    expect(json(await view(earlier))).toBe(fresh(earlier));
    expect(await worker.madeTables()).toBe(2);
    // Another key type reads another net.
    expect(json(await view(request, "affiliate"))).toBe(fresh(request, "affiliate"));
    expect(await worker.madeTables()).toBe(3);
    // A refund more: another table, the refund in the view.
    const refunded: PayoutRecords = { ...all, refunds: [...all.refunds!, { refundId: "late", purchaseId: newer[5]!.purchaseId, amount: 10, requestedAt: "2026-06-10T10:00:00Z" }] };
    expect(fresh(request, "creator", refunded)).not.toBe(fresh(request));
    expect(json(await view(request, "creator", refunded))).toBe(fresh(request, "creator", refunded));
    expect(await worker.madeTables()).toBe(4);
    // A newer day's sale changed: another table.
    const changedNewer = newer.map((p, i) => (i === 3 ? { ...p, amountCreatorNet: p.amountCreatorNet! + 7 } : p));
    const changedView = await payoutsViewKept({ ...inputs(), sales: payoutColumnsOfRecords(changedNewer) }, "creator", request, "acct", kept, closed);
    expect(json(changedView)).toBe(json(payoutsViewOf({ ...inputs(), sales: payoutColumnsOfRecords([...changedNewer, ...older]) }, "creator", request)));
    expect(await worker.madeTables()).toBe(5);
  });
});
