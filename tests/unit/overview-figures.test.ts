import { describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { SummaryInexactError } from "@/lib/analytics/purchase-summary-views";
import { summarizePurchases, type SummaryPurchase } from "@/lib/analytics/purchase-summary";
import { mergeSummaries } from "@/lib/analytics/purchase-summary-merge";
import { chargebackStanding, CHARGEBACK_THRESHOLDS, topRows } from "@/lib/reports/overview-figures";
import { fundsWithin } from "@/lib/reports/overview-funds";

describe("a chargeback rate against the card networks' thresholds", () => {
  it("is fine below 0.9%, watched from 0.9%, excessive from 1.5%, and unknown without purchases", () => {
    expect(CHARGEBACK_THRESHOLDS).toEqual({ watch: 0.009, excessive: 0.015 });
    expect(chargebackStanding(0)).toBe("ok");
    expect(chargebackStanding(0.00899)).toBe("ok");
    expect(chargebackStanding(9 / 1000)).toBe("watch");
    expect(chargebackStanding(0.01499)).toBe("watch");
    expect(chargebackStanding(15 / 1000)).toBe("excessive");
    expect(chargebackStanding(null)).toBeNull();
  });
});

describe("the top 5", () => {
  const row = (key: string, amount: number, count = 1) => ({ key, amount, count, share: null });
  it("keeps each currency apart and takes its five largest amounts, ties by count then key", () => {
    const top = topRows([
      { currency: "brl", count: 0, amount: 0, rows: [row("a", 10), row("b", 50), row("c", 30), row("d", 30, 2), row("e", 5), row("f", 40), row("g", 1)] },
      { currency: "usd", count: 0, amount: 0, rows: [row("x", 2), row("y", 3)] },
    ]);
    expect(top.map((t) => [t.currency, t.rows.map((r) => r.key)])).toEqual([["brl", ["b", "f", "d", "c", "a"]], ["usd", ["y", "x"]]]);
  });
});

describe("money becoming available within a window", () => {
  const p = (currency: string, availableAt: string | null, creatorNet: number, affiliationNet: number): SummaryPurchase =>
    ({ currency, incomingAvailableAt: availableAt, amountCreatorNet: creatorNet, amountAffiliationNet: affiliationNet, amountTransaction: creatorNet, checkoutInitializedAt: "2026-06-01T10:00:00Z", purchaseType: "front", orderId: 1 }) as unknown as SummaryPurchase;
  const window = { fromMs: Date.parse("2026-06-15T00:00:00Z"), toMs: Date.parse("2026-06-29T00:00:00Z") };
  const merged = mergeSummaries([summarizePurchases([
    p("brl", "2026-06-14T23:59:59Z", 1, 0.1), // the day before: already available
    p("brl", "2026-06-15T00:00:00Z", 10.25, 1),
    p("brl", "2026-06-28T23:59:59Z", 20, 2),
    p("brl", "2026-06-29T00:00:00Z", 40, 4), // the day after the 14th
    p("usd", "2026-06-20T08:00:00Z", 5.5, 0.5),
    p("eur", null, 7, 0.7),
  ])], assumeCurrency("brl"));

  it("sums the creator's net share or the affiliate's net commission per currency, from the window's first instant up to its end", () => {
    expect(fundsWithin(merged, "creator", window)).toEqual([{ currency: "brl", amount: 30.25, count: 2 }, { currency: "usd", amount: 5.5, count: 1 }]);
    expect(fundsWithin(merged, "affiliate", window)).toEqual([{ currency: "brl", amount: 3, count: 2 }, { currency: "usd", amount: 0.5, count: 1 }]);
  });

  it("refuses a window the summary cannot place exactly", () => {
    expect(() => fundsWithin(merged, "creator", { fromMs: window.fromMs + 60_000, toMs: window.toMs })).toThrow(SummaryInexactError);
    const folded = mergeSummaries([summarizePurchases([p("brl", "2026-06-20T00:00:00Z", 1, 1)], { paidBefore: Date.parse("2026-06-16T00:00:00Z") })], assumeCurrency("brl"));
    expect(() => fundsWithin(folded, "creator", window)).toThrow(SummaryInexactError);
  });
});
