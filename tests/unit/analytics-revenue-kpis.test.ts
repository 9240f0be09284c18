import { describe, expect, expectTypeOf, it } from "vitest";
import { affiliateKpis, creatorKpis, kpiDeltas, revenueKpis, type AffiliateKpis, type CreatorKpis, type KpiPurchase } from "@/lib/analytics/revenue-kpis";

// Every expected figure below is worked out by hand from the records, in the comments.

type P = KpiPurchase;
const base = { amountShippingNet: 0, amountTaxes: 0, amountAffiliation: 0, amountAffiliationNet: 0, amountRefunded: 0 };

const creatorRecords: P[] = [
  // brl order 1: a front and a fully refunded order bump
  { ...base, currency: "brl", orderId: 1, amountTransaction: 100, amountItemsGross: 100, amountItemsNet: 100, amountCreatorPlatformFee: 5.99, amountAffiliation: 30, amountAffiliationNet: 28.5, amountCreatorNet: 64.01 },
  { ...base, currency: "brl", orderId: 1, amountTransaction: 19.9, amountItemsGross: 19.9, amountItemsNet: 19.9, amountCreatorPlatformFee: 1.99, amountCreatorNet: 17.91, amountRefunded: 19.9 },
  // brl order 2: coupon (330 → 297), shipping 15.50, partly refunded
  { ...base, currency: "brl", orderId: 2, amountTransaction: 312.5, amountItemsGross: 330, amountItemsNet: 297, amountShippingNet: 15.5, amountCreatorPlatformFee: 16.59, amountAffiliation: 89.1, amountAffiliationNet: 84.65, amountCreatorNet: 206.81, amountRefunded: 100 },
  // brl, no orderId: an order of its own
  { ...base, currency: "brl", orderId: null, amountTransaction: 0.1, amountItemsGross: 0.1, amountItemsNet: 0.1, amountCreatorPlatformFee: 0.01, amountCreatorNet: 0.09 },
  // usd order 10: front with sales tax, and an upsell
  { ...base, currency: "usd", orderId: 10, amountTransaction: 49, amountItemsGross: 45, amountItemsNet: 45, amountTaxes: 4, amountCreatorPlatformFee: 2.93, amountCreatorNet: 42.07 },
  { ...base, currency: "usd", orderId: 10, amountTransaction: 20, amountItemsGross: 20, amountItemsNet: 20, amountCreatorPlatformFee: 1.49, amountCreatorNet: 18.51 },
  // no currency at all
  { ...base, orderId: 20, amountTransaction: 10, amountItemsGross: 10, amountItemsNet: 10, amountCreatorPlatformFee: 0.5, amountCreatorNet: 9.5 },
];

const brl: CreatorKpis = {
  currency: "brl",
  purchases: 4,
  orders: 3, // orders 1 and 2, and the purchase without orderId
  transactionAmount: 432.5, // 100 + 19.90 + 312.50 + 0.10
  itemsGross: 450, // 100 + 19.90 + 330 + 0.10
  itemsNet: 417, // 100 + 19.90 + 297 + 0.10
  shipping: 15.5,
  taxes: 0,
  platformFees: 24.58, // 5.99 + 1.99 + 16.59 + 0.01
  creatorNet: 288.82, // 64.01 + 17.91 + 206.81 + 0.09
  affiliationPaid: 119.1, // 30 + 89.10
  refunded: 119.9, // 19.90 + 100
  averageOrderValue: 144.17, // 432.50 / 3 = 144.1666… → to the cent
};
const usd: CreatorKpis = {
  currency: "usd",
  purchases: 2,
  orders: 1,
  transactionAmount: 69,
  itemsGross: 65,
  itemsNet: 65,
  shipping: 0,
  taxes: 4,
  platformFees: 4.42, // 2.93 + 1.49
  creatorNet: 60.58, // 42.07 + 18.51
  affiliationPaid: 0,
  refunded: 0,
  averageOrderValue: 69,
};
const unknown: CreatorKpis = {
  currency: "unknown",
  purchases: 1,
  orders: 1,
  transactionAmount: 10,
  itemsGross: 10,
  itemsNet: 10,
  shipping: 0,
  taxes: 0,
  platformFees: 0.5,
  creatorNet: 9.5,
  affiliationPaid: 0,
  refunded: 0,
  averageOrderValue: 10,
};

const CREATOR_ONLY = ["transactionAmount", "itemsGross", "itemsNet", "shipping", "taxes", "platformFees", "creatorNet", "affiliationPaid", "averageOrderValue"];

describe("revenueKpis for a creator", () => {
  it("computes every figure per currency, most purchases first", () => {
    expect(revenueKpis(creatorRecords, { keyType: "creator" })).toEqual([brl, usd, unknown]);
  });

  it("is the same as creatorKpis", () => {
    expect(creatorKpis(creatorRecords)).toEqual(revenueKpis(creatorRecords, { keyType: "creator" }));
  });

  it("never adds amounts of different currencies together", () => {
    const rows = revenueKpis(creatorRecords, { keyType: "creator" });
    expect(rows.map((r) => r.currency)).toEqual(["brl", "usd", "unknown"]);
    expect(rows.reduce((n, r) => n + r.purchases, 0)).toBe(creatorRecords.length);
    // Each currency's figures come from its own records only.
    const usdOnly = revenueKpis(creatorRecords.filter((p) => p.currency === "usd"), { keyType: "creator" });
    expect(usdOnly).toEqual([usd]);
  });

  it("groups records without a currency under the caller's fallback", () => {
    const rows = revenueKpis(creatorRecords, { keyType: "creator", fallbackCurrency: "xxx" });
    expect(rows.map((r) => r.currency)).toEqual(["brl", "usd", "xxx"]);
    expect(rows[2]).toEqual({ ...unknown, currency: "xxx" });
  });

  it("merges them into a real currency when the caller says so", () => {
    const [merged] = revenueKpis(creatorRecords, { keyType: "creator", fallbackCurrency: "brl" });
    expect(merged).toMatchObject({ currency: "brl", purchases: 5, orders: 4, transactionAmount: 442.5, creatorNet: 298.32, averageOrderValue: 110.63 }); // 442.50 / 4 = 110.625 → 110.63
  });

  it("treats an empty string currency as missing", () => {
    expect(revenueKpis([{ ...creatorRecords[6]!, currency: "" }], { keyType: "creator" })[0]!.currency).toBe("unknown");
  });

  it("is empty for no records", () => {
    expect(revenueKpis([], { keyType: "creator" })).toEqual([]);
    expect(revenueKpis([], { keyType: "affiliate" })).toEqual([]);
  });

  it("counts distinct orders even when an order's purchases are not next to each other", () => {
    const p = (orderId: number | null): P => ({ ...base, currency: "brl", orderId, amountTransaction: 1, amountItemsGross: 1, amountItemsNet: 1 });
    const rows = creatorKpis([p(1), p(2), p(1), p(3), p(2), p(1), p(null), p(null), p(3)]);
    expect(rows[0]).toMatchObject({ purchases: 9, orders: 5, transactionAmount: 9, averageOrderValue: 1.8 }); // {1,2,3} + 2 without id
  });

  it("counts 60,000 shuffled orders exactly, with ids past 2^32, negative ids and colliding slots", () => {
    const ids: number[] = [];
    for (let i = 0; i < 20_000; i++) ids.push(102_061_950_001 + i, -i - 1, i * 2 ** 21); // each id 1 to 3 times
    const records: P[] = [];
    let seed = 7;
    for (const id of ids) {
      const copies = 1 + (id % 3 === 0 ? 2 : 0);
      for (let c = 0; c < copies; c++) records.push({ ...base, currency: id % 2 === 0 ? "brl" : "usd", orderId: id, amountTransaction: 1, amountItemsGross: 1, amountItemsNet: 1 });
    }
    for (let i = records.length - 1; i > 0; i--) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const j = seed % (i + 1);
      [records[i], records[j]] = [records[j]!, records[i]!];
    }
    const truth = new Map<string, Set<number>>();
    for (const r of records) truth.set(r.currency!, (truth.get(r.currency!) ?? new Set()).add(r.orderId!));
    const rows = creatorKpis(records);
    expect(Object.fromEntries(rows.map((r) => [r.currency, r.orders]))).toEqual({ brl: truth.get("brl")!.size, usd: truth.get("usd")!.size });
    expect(rows.reduce((n, r) => n + r.orders, 0)).toBe(60_000);
    // A smaller call right after reuses the table: it must start empty.
    expect(creatorKpis(records.slice(0, 3)).reduce((n, r) => n + r.orders, 0)).toBe(new Set(records.slice(0, 3).map((r) => `${r.currency}:${r.orderId}`)).size);
  });

  it("sums 100,000 small amounts to the exact cent", () => {
    const cents = Array.from({ length: 100_000 }, (_, i) => ((i * 7919) % 997) + 1); // 0.01 .. 9.97
    const records: P[] = cents.map((c, i) => ({ ...base, currency: "usd", orderId: i, amountTransaction: c / 100, amountItemsGross: c / 100, amountItemsNet: c / 100, amountRefunded: 0.1 }));
    let naive = 0;
    for (const r of records) naive += r.amountRefunded!;
    expect(naive).not.toBe(10_000); // floating-point addition drifts; the KPIs must not
    const expected = cents.reduce((a, b) => a + b, 0) / 100;
    const [row] = creatorKpis(records);
    expect(row).toMatchObject({ purchases: 100_000, orders: 100_000, transactionAmount: expected, itemsNet: expected, refunded: 10_000 });
  });

  it("rounds the average order value half up to the cent", () => {
    const p = (orderId: number, amount: number): P => ({ ...base, currency: "eur", orderId, amountTransaction: amount, amountItemsGross: amount, amountItemsNet: amount });
    expect(creatorKpis([p(1, 0.01), p(2, 0.02)])[0]!.averageOrderValue).toBe(0.02); // 1.5 cents → 2
    expect(creatorKpis([p(1, 10), p(2, 10), p(3, 0)])[0]!.averageOrderValue).toBe(6.67); // 666.67 cents
  });
});

// Affiliate records: the API leaves out the creator-only fields.
const affiliateRecords: P[] = [
  { ...base, currency: "brl", orderId: 1, amountTransaction: 100, amountItemsGross: 100, amountItemsNet: 100, amountAffiliation: 30, amountAffiliationNet: 28.5 },
  // refunded 100 of 312.50: 8910 × 10000 / 31250 = 2851.2 cents lost → 28.51
  { ...base, currency: "brl", orderId: 2, amountTransaction: 312.5, amountItemsGross: 330, amountItemsNet: 297, amountAffiliation: 89.1, amountAffiliationNet: 84.65, amountRefunded: 100 },
  // fully refunded: all 10.00 lost
  { ...base, currency: "brl", orderId: 3, amountTransaction: 50, amountItemsGross: 50, amountItemsNet: 50, amountAffiliation: 10, amountAffiliationNet: 9.5, amountRefunded: 50 },
  { ...base, currency: "brl", orderId: 3, amountTransaction: 19.9, amountItemsGross: 19.9, amountItemsNet: 19.9, amountAffiliation: 5.97, amountAffiliationNet: 5.67 },
  // 1111 × 1111 / 3333 = 370.33 cents → 3.70
  { ...base, currency: "usd", orderId: 9, amountTransaction: 33.33, amountItemsGross: 33.33, amountItemsNet: 33.33, amountAffiliation: 11.11, amountAffiliationNet: 10.56, amountRefunded: 11.11 },
];

describe("revenueKpis for an affiliate", () => {
  const expected: AffiliateKpis[] = [
    {
      currency: "brl",
      purchases: 4,
      orders: 3,
      commission: 135.07, // 30 + 89.10 + 10 + 5.97
      commissionNet: 128.32, // 28.50 + 84.65 + 9.50 + 5.67
      referredSales: 482.4, // 100 + 312.50 + 50 + 19.90
      refunded: 150,
      commissionLostToRefunds: 38.51, // 28.51 + 10
    },
    { currency: "usd", purchases: 1, orders: 1, commission: 11.11, commissionNet: 10.56, referredSales: 33.33, refunded: 11.11, commissionLostToRefunds: 3.7 },
  ];

  it("computes commission, referred sales and commission lost to refunds", () => {
    expect(revenueKpis(affiliateRecords, { keyType: "affiliate" })).toEqual(expected);
    expect(affiliateKpis(affiliateRecords)).toEqual(expected);
  });

  it("has no creator-only key at all, even over records that carry creator amounts", () => {
    for (const row of revenueKpis(creatorRecords, { keyType: "affiliate" })) {
      expect(Object.keys(row).sort()).toEqual(["commission", "commissionLostToRefunds", "commissionNet", "currency", "orders", "purchases", "referredSales", "refunded"]);
      for (const key of CREATOR_ONLY) expect(row).not.toHaveProperty(key);
    }
  });

  it("has no creator-only key in its type either", () => {
    expectTypeOf<AffiliateKpis>().not.toHaveProperty("creatorNet");
    expectTypeOf<AffiliateKpis>().not.toHaveProperty("platformFees");
    expectTypeOf<AffiliateKpis>().not.toHaveProperty("transactionAmount");
    expectTypeOf<AffiliateKpis>().not.toHaveProperty("averageOrderValue");
    expectTypeOf(revenueKpis(affiliateRecords, { keyType: "affiliate" })).toEqualTypeOf<AffiliateKpis[]>();
    expectTypeOf(revenueKpis(creatorRecords, { keyType: "creator" })).toEqualTypeOf<CreatorKpis[]>();
    const row = affiliateKpis(affiliateRecords)[0]!;
    // @ts-expect-error creatorNet is not a key of an affiliate's KPIs
    expect(row.creatorNet).toBeUndefined();
  });

  it("loses nothing without a refund and everything on a refund of a zero transaction", () => {
    const p = (over: Partial<P>): P => ({ ...base, currency: "eur", orderId: 1, amountTransaction: 10, amountItemsGross: 10, amountItemsNet: 10, amountAffiliation: 3, ...over });
    expect(affiliateKpis([p({})])[0]!.commissionLostToRefunds).toBe(0);
    expect(affiliateKpis([p({ amountRefunded: 20 })])[0]!.commissionLostToRefunds).toBe(3); // more than the transaction: all of it
    expect(affiliateKpis([p({ amountTransaction: 0, amountRefunded: 1 })])[0]!.commissionLostToRefunds).toBe(3);
    expect(affiliateKpis([p({ amountRefunded: 5 })])[0]!.commissionLostToRefunds).toBe(1.5);
  });
});

describe("kpiDeltas", () => {
  const row = (currency: string, transactionAmount: number, orders: number): CreatorKpis => ({
    ...usd,
    currency,
    transactionAmount,
    orders,
    averageOrderValue: orders > 0 ? Math.round((transactionAmount * 100) / orders) / 100 : null,
  });

  it("gives absolute and relative changes per currency and KPI", () => {
    const [d] = kpiDeltas([row("brl", 150, 3)], [row("brl", 100, 2)]);
    expect(d!.currency).toBe("brl");
    expect(d!.deltas.transactionAmount).toEqual({ current: 150, previous: 100, absolute: 50, relative: 0.5, noComparisonData: false });
    expect(d!.deltas.orders).toEqual({ current: 3, previous: 2, absolute: 1, relative: 0.5, noComparisonData: false });
    expect(d!.deltas.averageOrderValue).toEqual({ current: 50, previous: 50, absolute: 0, relative: 0, noComparisonData: false });
    expect(d!.deltas.refunded).toEqual({ current: 0, previous: 0, absolute: 0, relative: null, noComparisonData: false });
    expect(Object.keys(d!.deltas)).not.toContain("currency");
  });

  it("subtracts in cents: 0.30 − 0.10 is exactly 0.20", () => {
    expect(0.3 - 0.1).not.toBe(0.2);
    const [d] = kpiDeltas([row("usd", 0.3, 1)], [row("usd", 0.1, 1)]);
    expect(d!.deltas.transactionAmount).toEqual({ current: 0.3, previous: 0.1, absolute: 0.2, relative: 2, noComparisonData: false });
  });

  it("has a change but no relative change against a zero the comparison period holds, and no comparison data for a ratio over nothing", () => {
    const [d] = kpiDeltas([row("usd", 10, 1)], [row("usd", 0, 0)]);
    expect(d!.deltas.transactionAmount).toEqual({ current: 10, previous: 0, absolute: 10, relative: null, noComparisonData: false });
    expect(d!.deltas.averageOrderValue).toEqual({ current: 10, previous: null, absolute: null, relative: null, noComparisonData: true });
  });

  it("compares a currency missing from one period with zeros, never with another currency", () => {
    const rows = kpiDeltas([row("brl", 100, 1)], [row("usd", 40, 2)]);
    expect(rows.map((r) => r.currency)).toEqual(["brl", "usd"]);
    expect(rows[0]!.deltas.transactionAmount).toEqual({ current: 100, previous: 0, absolute: 100, relative: null, noComparisonData: true });
    expect(rows[0]!.deltas.averageOrderValue).toEqual({ current: 100, previous: null, absolute: null, relative: null, noComparisonData: true });
    expect(rows[1]!.deltas.transactionAmount).toEqual({ current: 0, previous: 40, absolute: -40, relative: -1, noComparisonData: false });
    expect(rows[1]!.deltas.orders).toEqual({ current: 0, previous: 2, absolute: -2, relative: -1, noComparisonData: false });
  });

  // Issue #10 point 15: a period with no data showed "+58,333%"-style changes.
  it("marks every figure of a currency absent from the comparison period as having no comparison data", () => {
    const [d] = kpiDeltas([row("brl", 350, 2)], []);
    for (const value of Object.values(d!.deltas)) {
      expect(value.noComparisonData).toBe(true);
      expect(value.relative).toBeNull();
    }
    const [same] = kpiDeltas([row("brl", 0, 0)], [row("brl", 0, 0)]);
    expect(same!.deltas.transactionAmount.noComparisonData).toBe(false); // 0 against 0 is "no change"
  });

  it("works on affiliate KPIs, with only their keys", () => {
    const [d] = kpiDeltas(affiliateKpis(affiliateRecords.slice(0, 2)), affiliateKpis(affiliateRecords.slice(2, 4)));
    expect(Object.keys(d!.deltas).sort()).toEqual(["commission", "commissionLostToRefunds", "commissionNet", "orders", "purchases", "referredSales", "refunded"]);
    // commission 119.10 now (30 + 89.10) against 15.97 (10 + 5.97)
    expect(d!.deltas.commission).toEqual({ current: 119.1, previous: 15.97, absolute: 103.13, relative: 10313 / 1597, noComparisonData: false });
  });
});
