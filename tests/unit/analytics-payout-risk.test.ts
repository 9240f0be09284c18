// The payout risk model, the calendar and the back-test on fixtures worked out by hand.
import { describe, expect, it } from "vitest";
import { bandAround, dayIndex, payoutCalendar, type PayoutSale } from "@/lib/analytics/payout-calendar";
import { backtestErrors, bandRatios, currenciesModelHelps, currencyBands, percentile, runBacktest } from "@/lib/analytics/payout-backtest";
import { expectedLossCents, fitRiskModel, HORIZON_DAYS, lossesBySale, MIN_PRODUCT_SALES, remainingRisk, type LossEvent, type RiskSale } from "@/lib/analytics/payout-risk";

const DAY = 86_400_000;
const at = (days: number) => Math.round(days * DAY);
const sale = (id: number, soldDay: number, netCents: number, product = "A"): RiskSale => ({ id, soldMs: at(soldDay), netCents, product });

// Four sales of 1.00 on day 0, all past the horizon at day 100: one refunded at age 5, one
// charged back at age 20. A quarter of the net goes to each.
const MATURE = [sale(1, 0, 100), sale(2, 0, 100), sale(3, 0, 100), sale(4, 0, 100)];
const LOSSES: LossEvent[] = [
  { saleId: 1, kind: "refund", atMs: at(5.5), lostCents: 100 },
  { saleId: 2, kind: "chargeback", atMs: at(20.2), lostCents: 100 },
];

describe("fitRiskModel", () => {
  it("adds each day's lost share of the exposed net", () => {
    const model = fitRiskModel(MATURE, LOSSES, at(100));
    expect(model.matureSales).toBe(4);
    expect(model.account.refund[5]).toBe(0);
    expect(model.account.refund[6]).toBeCloseTo(0.25);
    expect(model.account.refund[HORIZON_DAYS]).toBeCloseTo(0.25);
    expect(model.account.chargeback[20]).toBe(0);
    expect(model.account.chargeback[21]).toBeCloseTo(0.25);
  });

  it("counts a sale exposed only on the days it has been seen through (censoring)", () => {
    // A sale of 4.00 thirty days old at the cutoff: it doubles the exposure of days 0-29 only.
    const model = fitRiskModel([...MATURE, sale(5, 70, 400)], LOSSES, at(100));
    expect(model.account.refund[HORIZON_DAYS]).toBeCloseTo(100 / 800);
    expect(model.account.chargeback[HORIZON_DAYS]).toBeCloseTo(100 / 800);
    expect(model.matureSales).toBe(4);
  });

  it("ignores what happened after the cutoff", () => {
    const model = fitRiskModel(MATURE, LOSSES, at(15));
    // At day 15 the chargeback (day 20) is unknown, and days 15+ have no exposure.
    expect(model.account.chargeback[HORIZON_DAYS]).toBe(0);
    expect(model.account.refund[HORIZON_DAYS]).toBeCloseTo(0.25);
    expect(model.matureSales).toBe(0);
  });

  it("gives a product its own curves only with enough mature sales", () => {
    const many = Array.from({ length: MIN_PRODUCT_SALES }, (_, i) => sale(100 + i, 0, 100, "B"));
    const events: LossEvent[] = [{ saleId: 100, kind: "refund", atMs: at(1.5), lostCents: 100 }];
    const model = fitRiskModel([...MATURE, ...many], [...LOSSES, ...events], at(100));
    expect(model.byProduct.has("A")).toBe(false);
    expect(model.byProduct.get("B")!.refund[HORIZON_DAYS]).toBeCloseTo(1 / MIN_PRODUCT_SALES);
  });
});

describe("remainingRisk and expectedLossCents", () => {
  const model = fitRiskModel(MATURE, LOSSES, at(100));
  it("is what is still to come, given nothing happened yet", () => {
    expect(remainingRisk(model.account, 0)).toEqual({ refund: 0.25, chargeback: 0.25 });
    // At age 10 the refund days are past: (0.25 - 0.25) / 0.75 = 0; the chargeback's 0.25 is ahead.
    expect(remainingRisk(model.account, 10)).toEqual({ refund: 0, chargeback: 0.25 });
    expect(remainingRisk(model.account, 30)).toEqual({ refund: 0, chargeback: 0 });
  });
  it("applies to young sales with no loss yet", () => {
    expect(expectedLossCents(model, sale(9, 99.5, 200), false)).toBe(100);
    expect(expectedLossCents(model, sale(9, 90, 100), false)).toBe(25);
    expect(expectedLossCents(model, sale(9, 90, 100), true)).toBe(0);
    expect(expectedLossCents(model, sale(9, 100 - HORIZON_DAYS, 100), false)).toBe(0);
  });
});

describe("lossesBySale", () => {
  it("never takes more than the sale's net", () => {
    const sales = new Map([[1, sale(1, 0, 100)]]);
    const losses = lossesBySale([{ saleId: 1, kind: "refund", atMs: at(2), lostCents: 60 }, { saleId: 1, kind: "chargeback", atMs: at(3), lostCents: 100 }], sales, at(10));
    expect(losses.get(1)!.map((e) => e.lostCents)).toEqual([60, 40]);
  });
});

const payoutSale = (s: RiskSale, availableDay: number | null, currency = "brl", lostNowCents = 0): PayoutSale => ({ ...s, currency, availableMs: availableDay === null ? null : at(availableDay), lostNowCents });

describe("payoutCalendar", () => {
  const model = fitRiskModel(MATURE, LOSSES, at(100));
  const days = ["d100", "d101"];
  const dayStartsMs = [at(100), at(101), at(102)];
  it("places each sale on its day and takes known and expected losses off, per currency", () => {
    const sales = [
      ...MATURE.map((s) => payoutSale(s, 30)), // long available: not shown
      payoutSale(sale(10, 99.5, 200), 100.2), // young: expects 50% lost
      payoutSale(sale(11, 90, 100), 100.7), // age 10: 25%
      payoutSale(sale(12, 95, 300), 101.1, "brl", 300), // refunded in full by the sale itself
      payoutSale(sale(13, 95, 80), 101.5, "usd"),
      payoutSale(sale(14, 95, 80), null, "usd"),
    ];
    const rows = payoutCalendar({ days, dayStartsMs, sales, events: [], model, bandOf: (currency) => (currency === "brl" ? { low: 0.5, high: 2 } : null) });
    expect(rows.map((r) => r.currency)).toEqual(["brl", "usd"]);
    const [d100, d101] = rows[0]!.days;
    expect(d100).toEqual({ day: "d100", sales: 2, scheduled: 300, lost: 0, expectedLoss: 125, expected: 175, low: 50, high: 237 });
    // The high end takes off half the expected loss: 300 - round(62.5) = 237.
    expect(d101).toEqual({ day: "d101", sales: 1, scheduled: 300, lost: 300, expectedLoss: 0, expected: 0, low: 0, high: 0 });
    // A sale 5 days old: (0.25 - 0) refund + 0.25 chargeback of 80.
    // USD has no band of its own: BRL's is not lent to it.
    expect(rows[1]!.days[1]).toMatchObject({ sales: 1, scheduled: 80, expectedLoss: 40, expected: 40, low: null, high: null });
  });
  it("has no band without back-test ratios", () => {
    const rows = payoutCalendar({ days, dayStartsMs, sales: [payoutSale(sale(10, 99.5, 200), 100.2)], events: [], model, bandOf: () => null });
    expect(rows[0]!.days[0]).toMatchObject({ expected: 100, low: null, high: null });
  });
  it("finds the day of an instant", () => {
    expect(dayIndex(dayStartsMs, at(100))).toBe(0);
    expect(dayIndex(dayStartsMs, at(101) - 1)).toBe(0);
    expect(dayIndex(dayStartsMs, at(101))).toBe(1);
    expect(dayIndex(dayStartsMs, at(102))).toBe(-1);
    expect(dayIndex(dayStartsMs, at(99))).toBe(-1);
  });
});

describe("runBacktest", () => {
  it("predicts a month from what was known at its start and compares with what was kept", () => {
    // History: the four mature sales teach 25% refunds at age 5 and 25% chargebacks at age 20.
    // Month [100, 130): two sales of 2.00 sold on day 98 become available on day 105; one is
    // refunded at age 6 (after the month began), the other kept.
    const sales = [...MATURE.map((s) => payoutSale(s, 30)), payoutSale(sale(20, 98, 200), 105, "brl", 200), payoutSale(sale(21, 98, 200), 105), payoutSale(sale(22, 101, 500), 110)];
    const events = [...LOSSES, { saleId: 20, kind: "refund" as const, atMs: at(104), lostCents: 200 }];
    const result = runBacktest(sales, events, [{ month: "m", startMs: at(100), endMs: at(130) }], at(300));
    // Sale 20 says today it was refunded (lostNowCents), which the month's start could not know.
    // Age 2 at the start: 0.25 refund + 0.25 chargeback still ahead, of 400 → 200 expected lost.
    // The sale made on day 101 was unknown at the start: not part of the month's prediction.
    expect(result.months).toEqual([{ month: "m", currency: "brl", sales: 2, scheduled: 400, predicted: 200, naive: 400, actual: 200 }]);
    expect(result.dayLosses).toEqual([{ currency: "brl", expected: 200, actual: 200 }]);
    expect(backtestErrors(result.months)).toEqual([{ currency: "brl", months: 1, meanAbsError: 0, bias: 0, naiveMeanAbsError: 1, lossRatio: 1 }]);
  });

  it("counts a day's losses per currency, sales of two currencies available the same day apart", () => {
    // As above, with a USD sale of 1.00 available on day 105 too, and a BRL one on day 106.
    const sales = [...MATURE.map((s) => payoutSale(s, 30)), payoutSale(sale(20, 98, 200), 105, "brl", 200), payoutSale(sale(21, 98, 200), 105), payoutSale(sale(23, 98, 100), 105, "usd"), payoutSale(sale(24, 98, 200), 106)];
    const events = [...LOSSES, { saleId: 20, kind: "refund" as const, atMs: at(104), lostCents: 200 }];
    const result = runBacktest(sales, events, [{ month: "m", startMs: at(100), endMs: at(130) }], at(300));
    expect(result.months).toEqual([
      { month: "m", currency: "brl", sales: 3, scheduled: 600, predicted: 300, naive: 600, actual: 400 },
      { month: "m", currency: "usd", sales: 1, scheduled: 100, predicted: 50, naive: 100, actual: 100 },
    ]);
    expect(result.dayLosses).toEqual([
      { currency: "brl", expected: 200, actual: 200 },
      { currency: "usd", expected: 50, actual: 0 },
      { currency: "brl", expected: 100, actual: 0 },
    ]);
  });
});

describe("fractional ages and disputes won", () => {
  it("takes the part of a day already lived off what is ahead", () => {
    // A quarter of the net refunded at age 0.3 days: G(1) = 0.25; half a day lived is G(0.5) = 0.125.
    const model = fitRiskModel(MATURE, [{ saleId: 1, kind: "refund", atMs: at(0.3), lostCents: 100 }], at(100));
    expect(remainingRisk(model.account, 0).refund).toBeCloseTo(0.25);
    expect(remainingRisk(model.account, 0.5).refund).toBeCloseTo(0.125 / 0.875);
    expect(remainingRisk(model.account, 1).refund).toBe(0);
  });
  it("counts a won dispute as a loss only until it was resolved", () => {
    const won: LossEvent = { saleId: 2, kind: "chargeback", atMs: at(20.2), lostCents: 100, reversedMs: at(40) };
    const sales = new Map(MATURE.map((s) => [s.id, s]));
    expect(lossesBySale([won], sales, at(30)).get(2)).toHaveLength(1);
    expect(lossesBySale([won], sales, at(50)).get(2)).toBeUndefined();
    expect(fitRiskModel(MATURE, [won], at(100)).account.chargeback[HORIZON_DAYS]).toBe(0);
  });
});

describe("currencyBands", () => {
  it("reads each currency's day band from its own days and the month's from its months", () => {
    const days = Array.from({ length: 30 }, (_, i) => ({ currency: "brl", expected: 10, actual: i }));
    const months = Array.from({ length: 6 }, (_, i) => ({ month: `m${i}`, currency: "brl", sales: 1, scheduled: 1000, naive: 1000, predicted: 900, actual: 1000 - 100 * (i + 1) * 0.5 }));
    const bands = currencyBands({ months, dayLosses: [...days, { currency: "usd", expected: 10, actual: 10 }] });
    expect(bands.get("brl")!.day).toEqual({ low: expect.closeTo(0.29, 6), high: expect.closeTo(2.61, 6) });
    // Months lost 50, 100, ... 300 against 100 expected: 0.5x to 3x.
    expect(bands.get("brl")!.month).toEqual({ low: expect.closeTo(0.75, 6), high: expect.closeTo(2.75, 6) });
    expect(bands.get("usd")).toEqual({ day: null, month: null, days: 1, months: 0 });
  });
});

describe("percentiles and the band", () => {
  it("interpolates", () => {
    expect(percentile([0, 10], 0.1)).toBeCloseTo(1);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBeCloseTo(10);
  });
  it("needs enough days with an expected loss", () => {
    const days = Array.from({ length: 29 }, (_, i) => ({ expected: 10, actual: i }));
    expect(bandRatios(days)).toBeNull();
    const more = [...days, { expected: 10, actual: 29 }, { expected: 0, actual: 5 }];
    expect(bandRatios(more)).toEqual({ low: expect.closeTo(0.29, 6), high: expect.closeTo(2.61, 6) });
  });
});

describe("bandAround", () => {
  it("holds its estimate: months that lost nothing (ratios 0 to 0) give $292,867.54 to $292,899.63 around the issue's estimate $292,867.54, not a band of one figure beside it", () => {
    // base 292,899.63, expected loss 32.09: the estimate is 292,867.54.
    expect(bandAround(29_289_963, 3_209, { low: 0, high: 0 })).toEqual({ low: 29_286_754, high: 29_289_963 });
  });
  it("keeps ratios that already hold 1, and widens the side that does not", () => {
    // 1000 less 100 expected: 0.5x to 2x gives 800 to 950.
    expect(bandAround(1_000, 100, { low: 0.5, high: 2 })).toEqual({ low: 800, high: 950 });
    // 1.2x to 3x would leave out the estimate 900: the high end becomes 900.
    expect(bandAround(1_000, 100, { low: 1.2, high: 3 })).toEqual({ low: 700, high: 900 });
    // Rounded as the estimate is: 1000 − round(62.5) = 937 at both the estimate and the high end.
    expect(bandAround(1_000, 62.5, { low: 1, high: 1 })).toEqual({ low: 937, high: 937 });
  });
});

describe("currenciesModelHelps", () => {
  it("applies the expectation only where the back-test's mean error is below that of none", () => {
    const errors = [
      { currency: "brl", months: 6, meanAbsError: 0.01, bias: 0, naiveMeanAbsError: 0.05, lossRatio: 1 },
      // The case: 0.2 % off with the model, 0.0 % without.
      { currency: "usd", months: 6, meanAbsError: 0.002, bias: 0.002, naiveMeanAbsError: 0, lossRatio: null },
      { currency: "eur", months: 6, meanAbsError: 0.01, bias: 0, naiveMeanAbsError: 0.01, lossRatio: 1 },
    ];
    expect([...currenciesModelHelps(errors)]).toEqual(["brl"]);
  });
});

describe("payoutCalendar where the expectation is not applied", () => {
  const model = fitRiskModel(MATURE, LOSSES, at(100));
  it("takes off only the requested losses, with no band", () => {
    const sales = [payoutSale(sale(10, 99.5, 200), 100.2), payoutSale(sale(11, 99.5, 200), 100.2, "usd", 50)];
    const rows = payoutCalendar({ days: ["d100"], dayStartsMs: [at(100), at(101)], sales, events: [], model, bandOf: () => ({ low: 0.5, high: 2 }), expects: (c) => c === "brl" });
    expect(rows.find((r) => r.currency === "brl")!.days[0]).toMatchObject({ expectedLoss: 100, expected: 100, low: 0, high: 150 });
    expect(rows.find((r) => r.currency === "usd")!.days[0]).toEqual({ day: "d100", sales: 1, scheduled: 200, lost: 50, expectedLoss: 0, expected: 150, low: null, high: null });
  });
});
