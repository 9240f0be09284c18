import { describe, expect, it } from "vitest";
import { totalsByCurrency, UNKNOWN_CURRENCY, type CurrencyTotal } from "@/lib/analytics/totals-by-currency";

type Row = { currency?: string | null; amount?: number | null };
const amount = (r: Row) => r.amount;
const rows = (currency: string | null | undefined, ...amounts: (number | null | undefined)[]): Row[] => amounts.map((a) => ({ currency, amount: a }));

describe("totalsByCurrency", () => {
  it("is empty for no records", () => {
    expect(totalsByCurrency([], amount)).toEqual([]);
  });

  it("counts and sums one currency", () => {
    expect(totalsByCurrency(rows("brl", 10, 20.5, 0.25), amount)).toEqual([{ currency: "brl", count: 3, amount: 30.75 }]);
  });

  it("sums 10,000 × 0.1 to exactly 1000", () => {
    const records = rows("usd", ...Array<number>(10_000).fill(0.1));
    let naive = 0;
    for (const r of records) naive += r.amount!;
    expect(naive).not.toBe(1000); // floating-point addition drifts; the function must not
    expect(totalsByCurrency(records, amount)).toEqual([{ currency: "usd", count: 10_000, amount: 1000 }]);
  });

  it("sums 0.1 + 0.2 to exactly 0.3", () => {
    expect(totalsByCurrency(rows("eur", 0.1, 0.2), amount)[0]!.amount).toBe(0.3);
  });

  it("stays exact over many mixed cent amounts", () => {
    const cents = Array.from({ length: 5000 }, (_, i) => ((i * 7919) % 100_000) + 1); // 0.01 .. 1000.00
    const records = rows("brl", ...cents.map((c) => c / 100));
    const expectedCents = cents.reduce((a, b) => a + b, 0);
    expect(totalsByCurrency(records, amount)[0]!.amount).toBe(expectedCents / 100);
  });

  it("handles refunds (negative amounts) exactly", () => {
    expect(totalsByCurrency(rows("usd", 10, -2.5, 0.1, -0.1), amount)).toEqual([{ currency: "usd", count: 4, amount: 7.5 }]);
  });

  it("never adds amounts of different currencies together", () => {
    const records = [...rows("brl", 100, 50), ...rows("usd", 7), ...rows("eur", 1.5, 1.5, 1.5)];
    const totals = totalsByCurrency(records, amount);
    const byCurrency = Object.fromEntries(totals.map((t) => [t.currency, t]));
    expect(byCurrency).toEqual({
      brl: { currency: "brl", count: 2, amount: 150 },
      usd: { currency: "usd", count: 1, amount: 7 },
      eur: { currency: "eur", count: 3, amount: 4.5 },
    });
    expect(totals.reduce((n, t) => n + t.count, 0)).toBe(records.length);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["the empty string", ""],
  ])("groups a %s currency as \"unknown\"", (_label, currency) => {
    expect(UNKNOWN_CURRENCY).toBe("unknown");
    expect(totalsByCurrency([...rows(currency, 3, 4), ...rows("usd", 1)], amount)).toEqual([
      { currency: "unknown", count: 2, amount: 7 },
      { currency: "usd", count: 1, amount: 1 },
    ]);
  });

  it("puts null, undefined and empty currencies in one \"unknown\" group", () => {
    const records: Row[] = [{ amount: 1 }, { currency: null, amount: 2 }, { currency: "", amount: 3 }];
    expect(totalsByCurrency(records, amount)).toEqual([{ currency: "unknown", count: 3, amount: 6 }]);
  });

  it("counts a record without an amount, adding nothing", () => {
    expect(totalsByCurrency(rows("brl", 10, null, undefined), amount)).toEqual([{ currency: "brl", count: 3, amount: 10 }]);
  });

  it("sorts by count, largest first, whatever the order of the records", () => {
    const records = [...rows("aud", 1), ...rows("usd", 1, 1, 1), ...rows("brl", 1, 1), ...rows("usd", 1)];
    expect(totalsByCurrency(records, amount).map((t) => [t.currency, t.count])).toEqual([
      ["usd", 4],
      ["brl", 2],
      ["aud", 1],
    ]);
  });

  it("sorts by count, not by amount", () => {
    const records = [...rows("usd", 1_000_000), ...rows("brl", 1, 1)];
    expect(totalsByCurrency(records, amount).map((t) => t.currency)).toEqual(["brl", "usd"]);
  });

  it("breaks count ties by currency name, so the order is stable", () => {
    const records = [...rows("usd", 1), ...rows("eur", 1), ...rows("brl", 1)];
    const expected: CurrencyTotal[] = [
      { currency: "brl", count: 1, amount: 1 },
      { currency: "eur", count: 1, amount: 1 },
      { currency: "usd", count: 1, amount: 1 },
    ];
    expect(totalsByCurrency(records, amount)).toEqual(expected);
    expect(totalsByCurrency([...records].reverse(), amount)).toEqual(expected);
  });

  it("rounds each amount to the cent before adding", () => {
    // 1000 × 0.004 would be 4.00 if added first; per record it rounds to 0.00.
    expect(totalsByCurrency(rows("usd", ...Array<number>(1000).fill(0.004)), amount)[0]!.amount).toBe(0);
    expect(totalsByCurrency(rows("usd", 0.006, 0.006), amount)[0]!.amount).toBe(0.02);
  });

  it("uses the given amount reader", () => {
    const records = [{ currency: "brl", gross: 10, net: 8 }, { currency: "brl", gross: 5, net: 4 }];
    expect(totalsByCurrency(records, (r) => r.net)).toEqual([{ currency: "brl", count: 2, amount: 12 }]);
  });
});
