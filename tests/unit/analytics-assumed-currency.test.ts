import { describe, expect, it } from "vitest";
import { assumeCurrency, normalizeCurrencyCode, withAssumedCurrency } from "@/lib/analytics/assumed-currency";

const rec = (currency?: string | null, id = 0) => ({ id, currency });

describe("assumeCurrency", () => {
  it("takes the account's setting first", () => {
    expect(assumeCurrency("eur", [rec("brl"), rec("brl")])).toEqual({ currency: "eur", source: "setting" });
  });

  it("else the most common currency of the records, ties to the first code alphabetically", () => {
    expect(assumeCurrency(null, [rec("usd"), rec("brl"), rec("brl"), rec(null)])).toEqual({ currency: "brl", source: "most-common" });
    expect(assumeCurrency(null, [rec("usd"), rec("brl")])).toEqual({ currency: "brl", source: "most-common" });
    expect(assumeCurrency(undefined, [rec("usd"), rec("brl")].reverse())).toEqual({ currency: "brl", source: "most-common" });
  });

  it("else unknown, when no record names a currency", () => {
    expect(assumeCurrency(null, [rec(undefined), rec(null), rec("")])).toEqual({ currency: "unknown", source: "none" });
    expect(assumeCurrency(null, [])).toEqual({ currency: "unknown", source: "none" });
  });
});

describe("withAssumedCurrency", () => {
  it("writes the currency into copies of the records that lack one and counts them", () => {
    const original = [rec("brl", 1), rec(undefined, 2), rec(null, 3), rec("", 4)];
    const { records, assumed } = withAssumedCurrency(original, "usd");
    expect(assumed).toBe(3);
    expect(records.map((r) => r.currency)).toEqual(["brl", "usd", "usd", "usd"]);
    // The originals may be shared with the day cache: never changed.
    expect(original.map((r) => r.currency)).toEqual(["brl", undefined, null, ""]);
    expect(records[0]).toBe(original[0]);
  });

  it("returns the same array when nothing was missing", () => {
    const original = [rec("brl"), rec("usd")];
    expect(withAssumedCurrency(original, "eur")).toEqual({ records: original, assumed: 0 });
    expect(withAssumedCurrency(original, "eur").records).toBe(original);
  });
});

describe("normalizeCurrencyCode", () => {
  it.each([["BRL", "brl"], [" usd ", "usd"], ["Eur", "eur"]])("accepts %j", (input, code) => expect(normalizeCurrencyCode(input)).toBe(code));
  it.each(["", "R$", "us", "usdx", "12a", "u s", "€"])("refuses %j", (input) => expect(normalizeCurrencyCode(input)).toBeNull());
});
