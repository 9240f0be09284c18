import { describe, expect, it } from "vitest";
import {
  attachRates,
  breakdown,
  breakdownByAffiliate,
  breakdownByCardBrand,
  breakdownByCountry,
  breakdownByOffer,
  breakdownByPaymentMethod,
  breakdownByProduct,
  breakdownByPsp,
  breakdownByPurchaseType,
  breakdowns,
  fundsAvailability,
  type CurrencyBreakdown,
} from "@/lib/analytics/breakdowns";
import type { Purchase } from "@/lib/records/purchase";

type Sale = Pick<Purchase, "currency" | "productName" | "offerCode" | "offerName" | "purchaseType" | "paymentMethod" | "psp" | "cardBrand" | "billingCountry" | "affiliateName" | "amountTransaction">;

const sale = (currency: string | null, productName: string, offerCode: string, purchaseType: string, paymentMethod: string, psp: string, cardBrand: string | null, billingCountry: string, amountTransaction: number, affiliateName = ""): Sale => ({
  currency,
  productName,
  offerCode,
  offerName: `${productName} (${offerCode.slice(-3)})`,
  purchaseType,
  paymentMethod,
  psp,
  cardBrand,
  billingCountry,
  affiliateName,
  amountTransaction,
});

const sales: Sale[] = [
  sale("brl", "Course A", "A-BRL", "front", "credit_card", "stripe", "visa", "BR", 100, "Camila"),
  sale("brl", "Course A", "A-BRL", "front", "pix", "pagarme", null, "BR", 100),
  sale("brl", "Ebook", "E-BRL", "order_bump", "pix", "pagarme", null, "BR", 19.9),
  sale("brl", "Course B", "B-BRL", "upsell", "credit_card", "stripe", "mastercard", "PT", 250, "Camila"),
  sale("brl", "Course A", "A-BRL", "front", "boleto", "pagarme", null, "", 0.1),
  sale("usd", "Course A", "A-USD", "front", "credit_card", "stripe", "visa", "US", 49),
  sale(null, "Ebook", "E-BRL", "front", "pix", "pagarme", null, "BR", 5),
];
const amount = (s: Sale) => s.amountTransaction;
// brl total: 100 + 100 + 19.90 + 250 + 0.10 = 470.00 (47000 cents)
const share = (cents: number) => cents / 47_000;

const other = (currency: string, key: string, value: number): CurrencyBreakdown => ({ currency, count: 1, amount: value, rows: [{ key, count: 1, amount: value, share: 1 }] });

describe("breakdown helpers", () => {
  it("by product: per currency, largest amount first, shares of the currency's own total", () => {
    expect(breakdownByProduct(sales, amount)).toEqual([
      {
        currency: "brl",
        count: 5,
        amount: 470,
        rows: [
          { key: "Course B", count: 1, amount: 250, share: share(25_000) },
          { key: "Course A", count: 3, amount: 200.1, share: share(20_010) },
          { key: "Ebook", count: 1, amount: 19.9, share: share(1990) },
        ],
      },
      other("unknown", "Ebook", 5),
      other("usd", "Course A", 49),
    ]);
  });

  it("by card brand: a payment without a card is \"none\"", () => {
    expect(breakdownByCardBrand(sales, amount)[0]!.rows).toEqual([
      { key: "mastercard", count: 1, amount: 250, share: share(25_000) },
      { key: "none", count: 3, amount: 120, share: share(12_000) }, // 100 + 19.90 + 0.10
      { key: "visa", count: 1, amount: 100, share: share(10_000) },
    ]);
  });

  it("by country (billingCountry): an empty country is \"none\"", () => {
    expect(breakdownByCountry(sales, amount)[0]!.rows.map((r) => [r.key, r.count, r.amount])).toEqual([
      ["PT", 1, 250],
      ["BR", 3, 219.9],
      ["none", 1, 0.1],
    ]);
  });

  it("by offer: keyed by code, labelled by name", () => {
    expect(breakdownByOffer(sales, amount)[0]!.rows).toEqual([
      { key: "B-BRL", label: "Course B (BRL)", count: 1, amount: 250, share: share(25_000) },
      { key: "A-BRL", label: "Course A (BRL)", count: 3, amount: 200.1, share: share(20_010) },
      { key: "E-BRL", label: "Ebook (BRL)", count: 1, amount: 19.9, share: share(1990) },
    ]);
  });

  it("by purchase type, payment method, psp and affiliate", () => {
    const rows = (b: CurrencyBreakdown[]) => b[0]!.rows.map((r) => [r.key, r.count, r.amount]);
    expect(rows(breakdownByPurchaseType(sales, amount))).toEqual([["upsell", 1, 250], ["front", 3, 200.1], ["order_bump", 1, 19.9]]);
    expect(rows(breakdownByPaymentMethod(sales, amount))).toEqual([["credit_card", 2, 350], ["pix", 2, 119.9], ["boleto", 1, 0.1]]);
    expect(rows(breakdownByPsp(sales, amount))).toEqual([["stripe", 2, 350], ["pagarme", 3, 120]]);
    expect(rows(breakdownByAffiliate(sales, amount))).toEqual([["Camila", 2, 350], ["none", 3, 120]]);
  });

  it("groups missing currencies under the caller's fallback", () => {
    expect(breakdownByProduct(sales, amount, { fallbackCurrency: "xxx" }).map((b) => b.currency)).toEqual(["brl", "usd", "xxx"]);
  });
});

describe("breakdown", () => {
  it("breaks ties by count, then key", () => {
    const rows = breakdown([{ currency: "eur", k: "b", v: 5 }, { currency: "eur", k: "a", v: 5 }, { currency: "eur", k: "c", v: 2.5 }, { currency: "eur", k: "c", v: 2.5 }], (r) => r.k, (r) => r.v)[0]!.rows;
    expect(rows.map((r) => r.key)).toEqual(["c", "a", "b"]);
    expect(rows.map((r) => r.share)).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it("has a null share when the currency's total is 0", () => {
    expect(breakdown([{ currency: "eur", k: "x", v: 0 }], (r) => r.k, (r) => r.v)[0]!.rows).toEqual([{ key: "x", count: 1, amount: 0, share: null }]);
  });

  it("keeps more than a handful of keys apart", () => {
    const records = Array.from({ length: 40 }, (_, i) => Array.from({ length: i + 1 }, () => ({ currency: "brl", k: `C${String(i).padStart(2, "0")}`, v: 0.01 }))).flat();
    const [b] = breakdown(records, (r) => r.k, (r) => r.v);
    expect(b!.count).toBe(820);
    expect(b!.amount).toBe(8.2);
    expect(b!.rows).toHaveLength(40);
    expect(b!.rows[0]).toEqual({ key: "C39", count: 40, amount: 0.4, share: 40 / 820 });
    expect(b!.rows.at(-1)).toEqual({ key: "C00", count: 1, amount: 0.01, share: 1 / 820 });
  });

  it("sums 100,000 amounts exactly", () => {
    const records = Array.from({ length: 100_000 }, (_, i) => ({ currency: "usd", k: i % 2 ? "odd" : "even", v: 0.1 }));
    expect(breakdown(records, (r) => r.k, (r) => r.v)[0]!.rows.map((r) => [r.key, r.amount])).toEqual([["even", 5000], ["odd", 5000]]);
  });

  it("is empty for no records", () => {
    expect(breakdown([], () => "x", () => 1)).toEqual([]);
  });
});

describe("breakdowns", () => {
  it("gives the same as the helpers, in one pass", () => {
    const all = breakdowns(sales, ["product", "offer", "purchaseType", "paymentMethod", "psp", "cardBrand", "country", "affiliate"], amount);
    expect(all.product).toEqual(breakdownByProduct(sales, amount));
    expect(all.offer).toEqual(breakdownByOffer(sales, amount));
    expect(all.purchaseType).toEqual(breakdownByPurchaseType(sales, amount));
    expect(all.paymentMethod).toEqual(breakdownByPaymentMethod(sales, amount));
    expect(all.psp).toEqual(breakdownByPsp(sales, amount));
    expect(all.cardBrand).toEqual(breakdownByCardBrand(sales, amount));
    expect(all.country).toEqual(breakdownByCountry(sales, amount));
    expect(all.affiliate).toEqual(breakdownByAffiliate(sales, amount));
  });

  it("computes only the dimensions asked for", () => {
    expect(Object.keys(breakdowns(sales, ["psp"], amount))).toEqual(["psp"]);
  });
});

type Part = Pick<Purchase, "currency" | "orderId" | "purchaseType">;
const part = (orderId: number | null, purchaseType: string, currency: string | null = "brl"): Part => ({ currency, orderId, purchaseType });

describe("attachRates", () => {
  it("counts front orders and the orders that also took each offer", () => {
    const records: Part[] = [
      part(1, "front"),
      part(1, "order_bump"),
      part(2, "front"),
      part(2, "upsell"),
      part(2, "downsell"),
      part(6, "front"), // order 6's bump comes later, apart from it
      part(3, "front"),
      part(4, "front"),
      part(4, "order_bump"),
      part(4, "upsell"),
      part(5, "order_bump"), // no front in the data: not a front order
      part(6, "order_bump"),
      part(null, "front"), // an order of its own
      part(null, "order_bump"), // alone, without a front: ignored
      part(10, "front", "usd"),
      part(20, "order_bump", "eur"),
    ];
    // brl front orders: 1, 2, 3, 4, 6 and the lone front = 6
    expect(attachRates(records)).toEqual([
      { currency: "brl", frontOrders: 6, orderBump: { orders: 3, rate: 0.5 }, upsell: { orders: 2, rate: 2 / 6 }, downsell: { orders: 1, rate: 1 / 6 } }, // bumps: 1, 4, 6; upsells: 2, 4
      { currency: "usd", frontOrders: 1, orderBump: { orders: 0, rate: 0 }, upsell: { orders: 0, rate: 0 }, downsell: { orders: 0, rate: 0 } },
      { currency: "eur", frontOrders: 0, orderBump: { orders: 0, rate: null }, upsell: { orders: 0, rate: null }, downsell: { orders: 0, rate: null } },
    ]);
  });

  it("counts an order once however many bumps it took", () => {
    expect(attachRates([part(1, "front"), part(1, "order_bump"), part(1, "order_bump"), part(2, "front")])[0]!.orderBump).toEqual({ orders: 1, rate: 0.5 });
  });

  it("keeps the same orderId in two currencies apart, and groups a missing currency under the fallback", () => {
    const rows = attachRates([part(7, "front", "brl"), part(7, "upsell", "usd"), part(8, "front", null), part(8, "upsell", null)], { fallbackCurrency: "gbp" });
    expect(rows.map((r) => [r.currency, r.frontOrders, r.upsell.orders])).toEqual([["brl", 1, 0], ["gbp", 1, 1], ["usd", 0, 0]]);
  });
});

type Due = Pick<Purchase, "currency" | "incomingAvailableAt" | "amountCreatorNet" | "amountAffiliationNet">;
const due = (incomingAvailableAt: string | null, amountCreatorNet: number, currency: string | null = "brl"): Due => ({ currency, incomingAvailableAt, amountCreatorNet, amountAffiliationNet: amountCreatorNet / 10 });

describe("fundsAvailability", () => {
  // From Wednesday 2026-06-17, two ISO weeks: 15–21 June (from the 17th) and 22–28 June.
  const records: Due[] = [
    due("2026-06-16T23:59:59Z", 10), // before fromDay: already available
    due("2026-06-17T00:00:00Z", 20),
    due("2026-06-21T23:59:59Z", 30),
    due("2026-06-22T00:00:00Z", 40),
    due("2026-06-28T23:59:59Z", 50),
    due("2026-06-29T00:00:00Z", 60), // after the last week
    due(null, 70), // no date
    due("2025-01-01T00:00:00Z", 0.01),
    due("2026-06-17T03:00:00.000Z", 1), // another timestamp shape
    due("2026-06-20T10:00:00Z", 5.55, "usd"),
  ];

  it("sums the net share by week of availability, past-due first", () => {
    expect(fundsAvailability(records, { keyType: "creator", fromDay: "2026-06-17", weeks: 2 })).toEqual([
      {
        currency: "brl",
        count: 9,
        rows: [
          { bucket: "available", amount: 10.01, count: 2 },
          { bucket: "2026-06-15", amount: 51, count: 3 }, // 20 + 30 + 1
          { bucket: "2026-06-22", amount: 90, count: 2 },
        ],
        later: { amount: 60, count: 1 },
        unscheduled: { amount: 70, count: 1 },
      },
      {
        currency: "usd",
        count: 1,
        rows: [
          { bucket: "available", amount: 0, count: 0 },
          { bucket: "2026-06-15", amount: 5.55, count: 1 },
          { bucket: "2026-06-22", amount: 0, count: 0 },
        ],
        later: { amount: 0, count: 0 },
        unscheduled: { amount: 0, count: 0 },
      },
    ]);
  });

  it("uses the affiliate's net commission for an affiliate", () => {
    const [brl] = fundsAvailability(records, { keyType: "affiliate", fromDay: "2026-06-17", weeks: 2 });
    expect(brl!.rows.map((r) => r.amount)).toEqual([1, 5.1, 9]); // a tenth of each: 1 + 0.001 → 1.00; 2 + 3 + 0.1; 4 + 5
  });

  it("reads the days in the given zone (Sao Paulo, UTC−3)", () => {
    const [brl] = fundsAvailability(records, { keyType: "creator", fromDay: "2026-06-17", weeks: 2, timeZone: "America/Sao_Paulo" });
    // 17 June 00:00 UTC is still the 16th in Sao Paulo; 22 June 00:00 UTC the 21st; 29 June 00:00 UTC the 28th.
    expect(brl!.rows).toEqual([
      { bucket: "available", amount: 30.01, count: 3 }, // 10 + 20 + 0.01
      { bucket: "2026-06-15", amount: 71, count: 3 }, // 30 + 40 + 1 (03:00 UTC is local midnight of the 17th)
      { bucket: "2026-06-22", amount: 110, count: 2 }, // 50 + 60
    ]);
    expect(brl!.later).toEqual({ amount: 0, count: 0 });
  });

  it("starts on a Monday with a whole first week", () => {
    const [brl] = fundsAvailability(records, { keyType: "creator", fromDay: "2026-06-15", weeks: 1 });
    expect(brl!.rows).toEqual([
      { bucket: "available", amount: 0.01, count: 1 },
      { bucket: "2026-06-15", amount: 61, count: 4 }, // 10 + 20 + 30 + 1
    ]);
    expect(brl!.later).toEqual({ amount: 150, count: 3 });
  });

  it("refuses a week count that is not a positive integer", () => {
    expect(() => fundsAvailability(records, { keyType: "creator", fromDay: "2026-06-17", weeks: 0 })).toThrow(RangeError);
    expect(() => fundsAvailability(records, { keyType: "creator", fromDay: "2026-06-17", weeks: 1.5 })).toThrow(RangeError);
  });
});
