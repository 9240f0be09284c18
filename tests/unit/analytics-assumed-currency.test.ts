import { describe, expect, it } from "vitest";
import { assumeCurrency, currencyOfRecord, inferCurrencies, isUnknownCurrency, normalizeCurrencyCode, offerOfUnknownCurrency, tallyByOffer, unknownCurrencyOf, withAssumedCurrency } from "@/lib/analytics/assumed-currency";

const rec = (currency?: string | null, offerCode?: string | null, id = 0) => ({ id, currency, offerCode });

describe("inferCurrencies: a record without a currency takes its offer's", () => {
  const catalog = [{ offerCode: "A-BRL", currency: "brl" }, { offerCode: "B-USD", currency: "USD" }];

  it("from the offers catalog first, even against the setting", () => {
    const decided = inferCurrencies({ setting: "eur", catalog, records: [] });
    expect(currencyOfRecord(decided, rec(null, "A-BRL"))).toEqual({ currency: "brl", how: "catalog" });
    expect(currencyOfRecord(decided, rec(undefined, "B-USD"))).toEqual({ currency: "usd", how: "catalog" });
  });

  it("else from other records of the same offer that carry one", () => {
    const decided = inferCurrencies({ setting: null, catalog: null, records: [rec("usd", "C"), rec(null, "C"), rec("brl", "D")] });
    expect(currencyOfRecord(decided, rec(null, "C"))).toEqual({ currency: "usd", how: "sameOffer" });
    expect(decided.offers).toEqual({ C: { currency: "usd", source: "same-offer" }, D: { currency: "brl", source: "same-offer" } });
  });

  it("tells no offer seen in two currencies: in the catalog, in records, or one in each", () => {
    const decided = inferCurrencies({ setting: null, catalog: [...catalog, { offerCode: "X", currency: "brl" }, { offerCode: "X", currency: "usd" }], records: [rec("eur", "A-BRL"), rec("usd", "B-USD"), rec("brl", "Y"), rec("usd", "Y"), rec("eur", "X")] });
    expect(decided.offers["A-BRL"]).toBeUndefined();
    expect(decided.offers["B-USD"]).toEqual({ currency: "usd", source: "catalog" });
    expect(decided.offers.X).toBeUndefined();
    expect(decided.offers.Y).toBeUndefined();
    expect(currencyOfRecord(decided, rec(null, "A-BRL")).currency).toBe("unknown:A-BRL");
  });

  it("then the account's setting", () => {
    const decided = inferCurrencies({ setting: "eur", catalog: null, records: [rec("usd", "C")] });
    expect(currencyOfRecord(decided, rec(null, "Z"))).toEqual({ currency: "eur", how: "setting" });
  });

  it("else 'unknown' per offer: two offers that cannot be told are never one group", () => {
    const decided = inferCurrencies({ setting: null, catalog: null, records: [rec(null, "P"), rec(null, "Q")] });
    expect(currencyOfRecord(decided, rec(null, "P")).currency).toBe("unknown:P");
    expect(currencyOfRecord(decided, rec(null, "Q")).currency).toBe("unknown:Q");
    expect(currencyOfRecord(decided, rec(null, null))).toEqual({ currency: "unknown", how: "unknown" });
    expect(unknownCurrencyOf("P")).not.toBe(unknownCurrencyOf("Q"));
  });

  it("never guesses the most common currency of the account (it put dollars into the reais)", () => {
    const decided = inferCurrencies({ setting: null, catalog: null, records: [rec("brl", "A"), rec("brl", "A"), rec("usd", "B"), rec(null, "C")] });
    expect(currencyOfRecord(decided, rec(null, "C")).currency).toBe("unknown:C");
    expect(assumeCurrency(null)).toEqual({ currency: "unknown", source: "none", offers: {} });
  });

  it("names the unknown groups and their offers", () => {
    expect(isUnknownCurrency("unknown")).toBe(true);
    expect(isUnknownCurrency("unknown:SDM-BRL-197")).toBe(true);
    expect(isUnknownCurrency("brl")).toBe(false);
    expect(offerOfUnknownCurrency("unknown:SDM-BRL-197")).toBe("SDM-BRL-197");
    expect(offerOfUnknownCurrency("unknown")).toBeNull();
  });
});

describe("withAssumedCurrency", () => {
  it("writes each record's currency into copies of those that lack one, and tallies how", () => {
    const decided = inferCurrencies({ setting: null, catalog: [{ offerCode: "A", currency: "brl" }], records: [rec("usd", "B")] });
    const original = [rec("brl", "A", 1), rec(undefined, "A", 2), rec(null, "B", 3), rec("", "C", 4), rec(null, "D", 5)];
    const { records, assumed, tally } = withAssumedCurrency(original, decided);
    expect(assumed).toBe(4);
    expect(records.map((r) => r.currency)).toEqual(["brl", "brl", "usd", "unknown:C", "unknown:D"]);
    expect(tally).toEqual({ catalog: 1, sameOffer: 1, setting: 0, unknown: 2, inferredIn: ["brl", "usd"] });
    // The originals may be shared with the day cache: never changed.
    expect(original.map((r) => r.currency)).toEqual(["brl", undefined, null, "", null]);
    expect(records[0]).toBe(original[0]);
    // The summaries' path counts the same from records counted per offer.
    expect(tallyByOffer(decided, new Map([["A", 1], ["B", 1], ["C", 1], ["D", 1]]))).toEqual(tally);
  });

  it("counts every record without a currency in the setting when no offer tells one", () => {
    const { records, tally } = withAssumedCurrency([rec(null, "A"), rec(null, "B")], assumeCurrency("eur"));
    expect(records.map((r) => r.currency)).toEqual(["eur", "eur"]);
    expect(tally).toEqual({ catalog: 0, sameOffer: 0, setting: 2, unknown: 0, inferredIn: [] });
  });

  it("returns the same array when nothing was missing", () => {
    const original = [rec("brl"), rec("usd")];
    expect(withAssumedCurrency(original, assumeCurrency("eur")).records).toBe(original);
    expect(withAssumedCurrency(original, assumeCurrency("eur")).assumed).toBe(0);
  });
});

describe("normalizeCurrencyCode", () => {
  it.each([["BRL", "brl"], [" usd ", "usd"], ["Eur", "eur"]])("accepts %j", (input, code) => expect(normalizeCurrencyCode(input)).toBe(code));
  it.each(["", "R$", "us", "usdx", "12a", "u s", "€"])("refuses %j", (input) => expect(normalizeCurrencyCode(input)).toBeNull());
});
