import { describe, expect, it } from "vitest";
import { fundsDueWithin, type FundsPurchase } from "@/lib/analytics/funds-availability";
import { payoutColumnsOfRecords } from "@/lib/analytics/payout-sales";
import type { Purchase } from "@/lib/records/purchase";
import { chargebackStanding, CHARGEBACK_THRESHOLDS, topRows } from "@/lib/reports/overview-figures";

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
  let id = 0;
  const p = (currency: string, availableAt: string | null, creatorNet: number, affiliationNet: number, soldAt = "2026-06-01T10:00:00Z"): FundsPurchase & { checkoutInitializedAt: string } =>
    ({ purchaseId: ++id, currency, incomingAvailableAt: availableAt, amountCreatorNet: creatorNet, amountAffiliationNet: affiliationNet, checkoutInitializedAt: soldAt }) as FundsPurchase & { checkoutInitializedAt: string };
  // The sales as the Overview reads them: the payout calendar's columns.
  const fundsDue = (sold: ReturnType<typeof p>[], ...rest: [Parameters<typeof fundsDueWithin>[1], Parameters<typeof fundsDueWithin>[2]]) => fundsDueWithin(payoutColumnsOfRecords(sold as unknown as Purchase[]), ...rest);
  const window = { fromMs: Date.parse("2026-06-15T00:00:00Z"), toMs: Date.parse("2026-06-29T00:00:00Z") };
  const sales = [
    p("brl", "2026-06-14T23:59:59Z", 1, 0.1), // the day before: already available
    p("brl", "2026-06-15T00:00:00Z", 10.25, 1),
    p("brl", "2026-06-28T23:59:59Z", 20, 2),
    p("brl", "2026-06-29T00:00:00Z", 40, 4), // the day after the 14th
    p("usd", "2026-06-20T08:00:00Z", 5.5, 0.5),
    p("eur", null, 7, 0.7),
  ];

  it("sums the creator's net share or the affiliate's net commission per currency, from the window's first instant up to its end", () => {
    expect(fundsDue(sales, "creator", window)).toEqual([{ currency: "brl", amount: 30.25, count: 2 }, { currency: "usd", amount: 5.5, count: 1 }]);
    expect(fundsDue(sales, "affiliate", window)).toEqual([{ currency: "brl", amount: 3, count: 2 }, { currency: "usd", amount: 0.5, count: 1 }]);
  });

  it("counts a sale however long ago it was made (issue #24: a 90-day wait fell outside the last 30 days)", () => {
    const old = p("brl", "2026-06-20T00:00:00Z", 100, 10, "2026-03-22T10:00:00Z");
    expect(fundsDue([...sales, old], "creator", window)[0]).toEqual({ currency: "brl", amount: 130.25, count: 3 });
  });

  it("puts a sale without a currency under the fallback, never in another currency", () => {
    expect(fundsDue([p("", "2026-06-20T00:00:00Z", 3, 0)], "creator", window)).toEqual([{ currency: "unknown", amount: 3, count: 1 }]);
  });
});
