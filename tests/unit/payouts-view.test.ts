// The payout calendar's view from records: which share of a sale is the key's, the zone's days,
// and what the page is told when refund or chargeback records are missing or cannot be placed.
import { describe, expect, it } from "vitest";
import type { Purchase } from "@/lib/sales-api";
import { payoutsViewFrom, type PayoutRecords } from "@/lib/reports/server/payouts-report";
import { refundKpis } from "@/lib/analytics/refund-kpis";

const NOW = new Date("2026-06-15T12:00:00Z");

function purchase(id: number, over: Partial<Purchase>): Purchase {
  return {
    purchaseId: id, purchaseUcode: `P${id}`, checkoutId: `c${id}`, purchaseType: "front", currency: "brl",
    purchaseCreatedAt: "2026-06-10T10:00:00Z", checkoutInitializedAt: "2026-06-10T09:59:00Z", productName: "Course",
    amountTransaction: 100, amountItemsGross: 100, amountItemsNet: 90, amountCreatorNet: 80, amountAffiliation: 20, amountAffiliationNet: 15,
    incomingAvailableAt: "2026-06-20T12:00:00Z", ...over,
  } as Purchase;
}

function records(purchases: Purchase[], over: Partial<PayoutRecords> = {}): PayoutRecords {
  return { purchases, refunds: [], chargebacks: [], unavailable: [], reports: [], assumedCurrencyRecords: 0, currency: { currency: "brl", source: "setting", offers: {} }, history: { from: "2024-06-15", to: "2026-06-15" }, ...over };
}

describe("payoutsViewFrom", () => {
  it("schedules the creator's net and the affiliate's commission on the day of incomingAvailableAt", () => {
    const data = records([purchase(1, {}), purchase(2, { currency: "usd", amountCreatorNet: 40, amountAffiliationNet: 7.5 })]);
    const creator = payoutsViewFrom(data, "creator", { now: NOW, month: "2026-06", tz: "UTC" });
    expect(creator.month).toBe("2026-06");
    expect(creator.currencies.map((c) => [c.currency, c.totals.scheduled, c.days.find((d) => d.day === "2026-06-20")!.scheduled])).toEqual([["brl", 80, 80], ["usd", 40, 40]]);
    const affiliate = payoutsViewFrom(data, "affiliate", { now: NOW, month: null, tz: "UTC" });
    expect(affiliate.month).toBe("2026-06");
    expect(affiliate.currencies.map((c) => c.totals.scheduled)).toEqual([15, 7.5]);
  });

  it("places a day in the report's zone: 02:00 UTC on July 1st is June 30th in São Paulo", () => {
    const data = records([purchase(1, { incomingAvailableAt: "2026-07-01T02:00:00Z" })]);
    expect(payoutsViewFrom(data, "creator", { now: NOW, month: "2026-06", tz: "UTC" }).currencies).toEqual([]);
    const saoPaulo = payoutsViewFrom(data, "creator", { now: NOW, month: "2026-06", tz: "America/Sao_Paulo" });
    expect(saoPaulo.currencies[0]!.days.filter((d) => d.sales > 0).map((d) => d.day)).toEqual(["2026-06-30"]);
  });

  it("takes a refunded share off the day, from the sale itself when no record says so", () => {
    const view = payoutsViewFrom(records([purchase(1, { amountRefunded: 50 })]), "creator", { now: NOW, month: "2026-06", tz: "UTC" });
    expect(view.currencies[0]!.totals).toMatchObject({ scheduled: 80, lost: 40, expectedLoss: 0, expected: 40 });
  });

  it("says which records the Sales API did not offer, and which it could not place", () => {
    const view = payoutsViewFrom(records([purchase(1, {})], { refunds: null, unavailable: ["refunds"], chargebacks: [{ chargebackId: "x", amount: 100 }, { chargebackId: "y", purchaseId: 1 }] }), "creator", { now: NOW, month: "2026-06", tz: "UTC" });
    expect(view.model.unavailable).toEqual(["refunds"]);
    // One without a purchase id; the one without a date is a loss known now.
    expect(view.model.unusable).toEqual({ refunds: 0, chargebacks: 1 });
    expect(view.currencies[0]!.totals.lost).toBe(80);
  });

  it("leaves chargeback alerts out, gives a won dispute back, and counts an undated loss as known now", () => {
    const view = payoutsViewFrom(records([purchase(1, {}), purchase(2, {}), purchase(3, {}), purchase(4, {})], {
      chargebacks: [
        { chargebackId: "a", kind: "alert", purchaseId: 1, amount: 100, requestedAt: "2026-06-12T00:00:00Z" },
        { chargebackId: "b", kind: "chargeback", purchaseId: 2, amount: 100, status: "won", requestedAt: "2026-06-12T00:00:00Z", resolvedAt: "2026-06-14T00:00:00Z" },
        { chargebackId: "c", kind: "chargeback", purchaseId: 3, amount: 100, status: "lost", requestedAt: "2026-06-12T00:00:00Z" },
        { chargebackId: "d", kind: "chargeback", purchaseId: 4, amount: 50 },
      ],
    }), "creator", { now: NOW, month: "2026-06", tz: "UTC" });
    // Sale 3 lost its 80; sale 4 half of it, with no date: 120 of 320.
    expect(view.currencies[0]!.totals).toMatchObject({ scheduled: 320, lost: 120 });
    expect(view.model.unusable).toEqual({ refunds: 0, chargebacks: 0 });
  });

  it("reads a chargeback's amount as the Refunds report does: the disputed transaction, not an amountRefunded beside it", () => {
    // Before one reading, the calendar took amountRefunded (25 of 100: a quarter of the net lost)
    // where the Refunds report counts 100 charged back.
    const chargeback = { chargebackId: "c", kind: "chargeback", purchaseId: 1, amountRefunded: 25, amountTransaction: 100, requestedAt: "2026-06-12T00:00:00Z" };
    const view = payoutsViewFrom(records([purchase(1, {})], { chargebacks: [chargeback] }), "creator", { now: NOW, month: "2026-06", tz: "UTC" });
    expect(view.currencies[0]!.totals).toMatchObject({ scheduled: 80, lost: 80 });
    const [kpis] = refundKpis([purchase(1, {})], [], [chargeback], "sale");
    expect(kpis).toMatchObject({ chargebacks: 1, chargebackAmount: 100 });
  });

  it("counts sales without a date of availability, and shows no band without a back-test", () => {
    const view = payoutsViewFrom(records([purchase(1, { incomingAvailableAt: null })]), "creator", { now: NOW, month: "2026-06", tz: "UTC" });
    expect(view.unscheduled).toBe(1);
    // One sale is no history: nothing is expected, and the page says so.
    expect(view.model.applied).toBe(false);
    expect(view.currencies).toEqual([]);
    expect(view.backtest.months).toEqual([]);
    expect(view.months).toEqual({ first: "2024-06", last: "2026-07" });
  });
});

describe("payoutsViewFrom: the expectation only where its back-test beats none", () => {
  // Two years of one BRL and one USD sale a day, paid out 30 days on. Every 10th BRL sale is
  // refunded in full, at an age of 5 to 44 days; no USD sale ever is. The model is the account's, so it expects
  // USD losses that never come: there its back-test does worse than no expectation (which is
  // exact), and it must not be applied; in BRL it finds the refunds before they are requested.
  const DAY = 86_400_000;
  const start = Date.parse("2024-06-15T10:00:00Z");
  const purchases: Purchase[] = [];
  const refunds: Array<Record<string, unknown>> = [];
  for (let d = 0; start + d * DAY < NOW.getTime() - DAY; d++) {
    const sold = start + d * DAY;
    const iso = (ms: number) => new Date(ms).toISOString();
    for (const currency of ["brl", "usd"]) {
      const id = d * 2 + (currency === "brl" ? 1 : 2);
      purchases.push(purchase(id, { currency, purchaseCreatedAt: iso(sold), checkoutInitializedAt: iso(sold), incomingAvailableAt: iso(sold + 30 * DAY) }));
      const age = 5 + (d % 40);
      if (currency === "brl" && d % 10 === 0 && sold + age * DAY < NOW.getTime()) refunds.push({ refundId: `r${id}`, purchaseId: id, amount: 100, requestedAt: iso(sold + age * DAY) });
    }
  }
  const view = payoutsViewFrom(records(purchases, { refunds }), "creator", { now: NOW, month: "2026-06", tz: "UTC" });
  const of = (c: string) => view.currencies.find((x) => x.currency === c)!;

  it("applies it in BRL and not in USD, where the page is told why", () => {
    expect(view.model.applied).toBe(true);
    const errors = new Map(view.backtest.errors.map((e) => [e.currency, e]));
    expect(errors.get("usd")!.naiveMeanAbsError).toBe(0);
    expect(errors.get("usd")!.meanAbsError).toBeGreaterThan(0);
    expect(errors.get("brl")!.meanAbsError).toBeLessThan(errors.get("brl")!.naiveMeanAbsError);
    expect([of("brl").expectation, of("usd").expectation]).toEqual(["applied", "notBetter"]);
    expect(of("brl").totals.expectedLoss).toBeGreaterThan(0);
    expect(of("usd").totals).toMatchObject({ expectedLoss: 0, low: null, high: null });
    expect(of("usd").totals.expected).toBe(of("usd").totals.scheduled - of("usd").totals.lost);
    expect(of("usd").days.every((d) => d.expectedLoss === 0 && d.low === null && d.high === null)).toBe(true);
  });

  it("draws every band of BRL around its estimate, for days and for the month", () => {
    const brl = of("brl");
    const banded = brl.days.filter((d) => d.low !== null);
    expect(banded.length).toBeGreaterThan(0);
    for (const d of banded) expect([d.low! <= d.expected, d.expected <= d.high!], d.day).toEqual([true, true]);
    expect(brl.totals.low).not.toBeNull();
    expect(brl.totals.low! <= brl.totals.expected && brl.totals.expected <= brl.totals.high!).toBe(true);
  });
});
