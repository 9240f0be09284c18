import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { CentsByCurrency, cartCurrencyResolver, offerCurrencyOf } from "@/lib/analytics/abandonment-currency";
import { ABANDONMENT_DEFINITION_KEYS, abandonmentKpis, type AbandonmentKpis } from "@/lib/analytics/abandonment-kpis";
import { purchasedCheckouts } from "@/lib/analytics/abandonment-purchased-checkouts";
import { median, minutesBetween, percentile } from "@/lib/analytics/abandonment-quantiles";
import { carts, purchases } from "./analytics-abandonment-fixture";

const currencyOf = offerCurrencyOf(purchases);

describe("offerCurrencyOf and the currency resolver", () => {
  it("maps offers to the currency of their purchases, leaving unseen and ambiguous offers unknown", () => {
    expect(currencyOf({ offerCode: "OB" })).toBe("brl");
    expect(currencyOf({ offerCode: "OU" })).toBe("usd");
    expect(currencyOf({ offerCode: "OX" })).toBeUndefined(); // no purchase of it
    expect(currencyOf({ offerCode: "OZ" })).toBeUndefined(); // its purchase has no currency
    expect(currencyOf({ offerCode: null })).toBeUndefined();
    const mixed = offerCurrencyOf([{ offerCode: "A", currency: "brl" }, { offerCode: "A", currency: "USD" }, { offerCode: "B", currency: " EUR " }]);
    expect(mixed({ offerCode: "A" })).toBeUndefined();
    expect(mixed({ offerCode: "B" })).toBe("eur");
  });

  it("lower-cases the caller's answer and falls back for an empty one", () => {
    const resolve = cartCurrencyResolver<{ c: string | null }>({ currencyOf: (x) => x.c, fallbackCurrency: "n/a" });
    expect([resolve({ c: " BRL" }), resolve({ c: "" }), resolve({ c: null })]).toEqual(["brl", "n/a", "n/a"]);
    expect(cartCurrencyResolver<object>()({})).toBe("unknown");
  });

  it("adds in cents: 0.1 + 0.2 is 0.3", () => {
    const sums = new CentsByCurrency();
    sums.add("brl", 0.1);
    sums.add("brl", 0.2);
    sums.add("usd", null);
    expect(sums.totals()).toEqual([{ currency: "brl", count: 2, amount: 0.3 }, { currency: "usd", count: 1, amount: 0 }]);
  });
});

describe("quantiles", () => {
  it("median: middle value, or the mean of the two middle ones", () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("percentile by nearest rank", () => {
    const ten = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(percentile(ten, 90)).toBe(9); // rank ⌈9⌉ = 9
    expect(percentile([1, 2, 3, 4, 5], 90)).toBe(5); // rank ⌈4.5⌉ = 5
    expect(percentile(ten, 100)).toBe(10);
    expect(percentile([], 90)).toBeNull();
    expect(() => percentile([1], 0)).toThrow(RangeError);
  });

  it("minutesBetween leaves out unreadable or reversed pairs", () => {
    expect(minutesBetween(0, 90_000)).toBe(1.5);
    expect(minutesBetween(60_000, 0)).toBeNull();
    expect(minutesBetween(NaN, 0)).toBeNull();
  });
});

describe("purchasedCheckouts", () => {
  it("keeps distinct front checkouts outside the carts; one without checkoutId stands alone", () => {
    expect(purchasedCheckouts(carts, purchases)).toEqual([
      { checkoutId: "k1", currency: "brl", offerCode: "OB" },
      { checkoutId: "k2", currency: "brl", offerCode: "OB" },
      { checkoutId: "k3", currency: "usd", offerCode: "OU" },
      { checkoutId: null, currency: "usd", offerCode: "OU" },
      { checkoutId: "k4", currency: "unknown:OZ", offerCode: "OZ" },
      { checkoutId: "k5", currency: "eur", offerCode: "OE" },
    ]);
    const twoWithout = [{ checkoutId: null, purchaseType: "front", currency: "brl", offerCode: null }, { checkoutId: "", purchaseType: "front", currency: "brl", offerCode: null }];
    expect(purchasedCheckouts([], twoWithout)).toHaveLength(2);
  });
});

describe("abandonmentKpis", () => {
  it("gives exact figures per currency, never mixing them", () => {
    const expected: AbandonmentKpis[] = [
      {
        currency: "brl",
        abandonedCarts: 4, // c1 c2 c3 c7
        abandonedValue: 295.7, // 197.90 + 97.50 + 0.10 + 0.20
        recoveredCarts: 2, // c1 c7
        recoveredValue: 198.1, // 197.90 + 0.20
        recoveryRate: 0.5,
        purchasedCheckouts: 2, // k1, k2 (twice, counted once); c1's purchase is the recovery
        abandonmentRate: 4 / 6,
        medianMinutesToAbandon: 35, // 40, 35, 30; c7 has no abandonedAt
      },
      {
        currency: "usd",
        abandonedCarts: 3, // c4 c5 c8
        abandonedValue: 59.25, // 49 + 0.20 + 10.05
        recoveredCarts: 2, // c4 c8
        recoveredValue: 59.05,
        recoveryRate: 2 / 3,
        purchasedCheckouts: 2, // k3 and the front purchase without checkoutId
        abandonmentRate: 3 / 5,
        medianMinutesToAbandon: 31, // 50, 31, 30
      },
      {
        currency: "unknown:OX", // kept per offer: OX and OZ may be sold in two currencies
        abandonedCarts: 2, // c6 c9: offer OX has no known currency
        abandonedValue: 15,
        recoveredCarts: 2,
        recoveredValue: 15,
        recoveryRate: 1,
        purchasedCheckouts: 0,
        abandonmentRate: null, // carts of an unknown currency have no purchases of theirs to be weighed against
        medianMinutesToAbandon: 32.5, // 45 and 20
      },
      {
        currency: "eur",
        abandonedCarts: 0,
        abandonedValue: 0,
        recoveredCarts: 0,
        recoveredValue: 0,
        recoveryRate: null,
        purchasedCheckouts: 1, // k5
        abandonmentRate: 0,
        medianMinutesToAbandon: null,
      },
      {
        currency: "unknown:OZ",
        abandonedCarts: 0,
        abandonedValue: 0,
        recoveredCarts: 0,
        recoveredValue: 0,
        recoveryRate: null,
        purchasedCheckouts: 1, // k4, a purchase without currency
        abandonmentRate: null,
        medianMinutesToAbandon: null,
      },
    ];
    expect(abandonmentKpis(carts, purchases, { currencyOf })).toEqual(expected);
  });

  it("without currencyOf every cart goes to the fallback, and purchases without currency too", () => {
    const rows = abandonmentKpis(carts, purchases, { fallbackCurrency: "n/a" });
    expect(rows.map((r) => [r.currency, r.abandonedCarts, r.abandonedValue, r.purchasedCheckouts])).toEqual([
      ["n/a", 9, 369.95, 1], // 295.70 + 59.25 + 15; k4
      ["brl", 0, 0, 2],
      ["usd", 0, 0, 2],
      ["eur", 0, 0, 1],
    ]);
  });

  it("answers nothing for nothing, and null rates without a denominator", () => {
    expect(abandonmentKpis([], [])).toEqual([]);
    const [only] = abandonmentKpis([{ checkoutId: "x", amountTransaction: 1, isRecovered: null, sessionInitializedAt: "2026-06-01T10:00:00Z", abandonedAt: "2026-06-01T09:00:00Z" }], []);
    // Reversed times are left out; a cart of an unknown currency has no rate ("100%" would be no finding).
    expect(only).toMatchObject({ currency: "unknown", abandonedCarts: 1, recoveredCarts: 0, abandonmentRate: null, medianMinutesToAbandon: null });
    const [told] = abandonmentKpis([{ checkoutId: "x", amountTransaction: 1, isRecovered: null, sessionInitializedAt: "2026-06-01T10:00:00Z", abandonedAt: null }], [], { fallbackCurrency: "brl" });
    expect(told).toMatchObject({ abandonedCarts: 1, abandonmentRate: 1 });
    const [perOffer] = abandonmentKpis([{ checkoutId: "x", amountTransaction: 1, isRecovered: null, sessionInitializedAt: "2026-06-01T10:00:00Z", abandonedAt: null }], [], { fallbackCurrency: "unknown:SDM-BRL-197" });
    expect(perOffer!.abandonmentRate).toBeNull();
  });

  it("defines every figure in words, in each language", () => {
    expect([...ABANDONMENT_DEFINITION_KEYS].sort()).toEqual(
      ["abandonedCarts", "abandonedValue", "recoveredCarts", "recoveredValue", "recoveryRate", "purchasedCheckouts", "abandonmentRate", "medianMinutesToAbandon"].sort(),
    );
    for (const locale of ["en", "pt-BR"] as const) {
      const words: Record<string, string> = MESSAGES[locale].abandonment.definitions;
      expect(Object.keys(words).sort()).toEqual([...ABANDONMENT_DEFINITION_KEYS].sort());
      for (const key of ABANDONMENT_DEFINITION_KEYS) expect(words[key]!.length).toBeGreaterThan(60);
    }
  });
});

describe("purchasedCheckouts, made once per period", () => {
  it("answers the same list to the KPIs and the funnels of one period, and a new one for other arrays or another fallback", () => {
    const first = purchasedCheckouts(carts, purchases);
    expect(purchasedCheckouts(carts, purchases)).toBe(first);
    expect(purchasedCheckouts(carts, purchases, "unknown")).toBe(first);
    const otherFallback = purchasedCheckouts(carts, purchases, "brl");
    expect(otherFallback).not.toBe(first);
    const copy = [...purchases];
    const again = purchasedCheckouts(carts, copy);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
