import { describe, expect, it } from "vitest";
import { abandonedCartSchema } from "@/lib/records/abandoned-cart";
import { count, currency, money, optionalTimestamp, timestamp } from "@/lib/records/fields";
import { genericRecordSchema, listEnvelopeSchema } from "@/lib/records/list-envelope";
import { orderSchema } from "@/lib/records/order";
import { purchaseSchema } from "@/lib/records/purchase";

function purchase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    purchaseId: 1001,
    purchaseUcode: "P-1001",
    orderId: 501,
    checkoutId: "chk_1",
    purchaseType: "main",
    currency: "usd",
    purchaseCreatedAt: "2026-05-10T12:00:05Z",
    checkoutInitializedAt: "2026-05-10T11:58:00Z",
    creatorName: "Creator",
    affiliateName: null,
    offerCode: "OFF1",
    offerName: "Offer",
    productName: "Product",
    psp: "stripe",
    paymentMethod: "card",
    cardBrand: "visa",
    cardLast4: "4242",
    customerName: "Ada",
    customerEmail: "ada@example.com",
    customerPhone: null,
    billingCountry: "US",
    amountTransaction: 49.9,
    amountItemsGross: 49.9,
    amountItemsNet: 45,
    amountShippingNet: 0,
    amountTaxes: 4.9,
    amountAffiliation: null,
    amountAffiliationNet: null,
    amountRefunded: 0,
    incomingAvailableAt: "2026-05-24T12:00:05Z",
    incomingDays: 14,
    amountCreatorNet: 40.5,
    amountCreatorPlatformFee: 4.5,
    amountCreatorTax: 0,
    ...overrides,
  };
}

function order(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    orderId: 501,
    orderUcode: "O-501",
    checkoutId: "chk_1",
    currency: "usd",
    productName: "Product",
    cardBrand: "mastercard",
    amountItemsGross: 49.9,
    amountItemsNet: 45,
    amountShippingNet: 0,
    amountTaxes: 4.9,
    amountTransaction: 49.9,
    amountPlatformFee: 4.5,
    amountRefunded: 0,
    purchaseCount: 1,
    upsellCount: 0,
    checkoutInitializedAt: "2026-05-10T11:58:00Z",
    orderCreatedAt: "2026-05-10T12:00:00Z",
    orderCompletedAt: "2026-05-10T12:00:05Z",
    deliveredAt: "2026-05-14T09:00:00Z",
    ...overrides,
  };
}

function cart(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    checkoutId: "chk_9",
    sessionId: "s_9",
    productName: "Product",
    cardBrand: null,
    amountTransaction: 19,
    attemptCount: 2,
    attemptApprovedCount: 0,
    attemptDeclinedCount: 2,
    purchaseCount: 0,
    orderId: null,
    isRecovered: false,
    sessionInitializedAt: "2026-05-10T08:00:00Z",
    abandonedAt: "2026-05-10T08:30:00Z",
    ...overrides,
  };
}

function without(record: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}

describe("field readers", () => {
  it.each([
    "2026-05-10T12:00:00Z",
    "2026-05-10T12:00Z",
    "2026-05-10T12:00:00.123Z",
    "2026-05-10T12:00:00+02:00",
    "2026-05-10T12:00:00-0530",
  ])("reads the timestamp %s", (value) => {
    expect(timestamp.safeParse(value).success).toBe(true);
  });

  it.each([
    "2026-05-10",
    "2026-05-10 12:00:00",
    "2026-05-10T12:00:00",
    "10/05/2026 12:00",
    "yesterday",
    "2026-05-10T12:00:00ZZ",
    "2026-13-10T12:00:00Z",
    "",
  ])("refuses the malformed timestamp %j", (value) => {
    expect(timestamp.safeParse(value).success).toBe(false);
  });

  // Date.parse rolls impossible days over (2026-02-30 becomes 2026-03-02): such a record must
  // be reported, not counted on another day.
  it("refuses a timestamp on a day that does not exist", () => {
    expect(timestamp.safeParse("2026-02-30T10:00:00Z").success).toBe(false);
  });

  it("refuses a timestamp that is not a string", () => {
    expect(timestamp.safeParse(Date.UTC(2026, 4, 10)).success).toBe(false);
    expect(timestamp.safeParse(null).success).toBe(false);
    expect(optionalTimestamp.safeParse(null).success).toBe(true);
    expect(optionalTimestamp.safeParse(undefined).success).toBe(true);
  });

  it("reads money as a finite number or a plain decimal string only", () => {
    expect(money.parse(12.5)).toBe(12.5);
    expect(money.parse(-3)).toBe(-3);
    expect(money.parse("12.50")).toBe(12.5);
    for (const value of ["12,50", "1e2", Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) expect(money.safeParse(value).success).toBe(false);
  });

  it("reads counts as non-negative integers or nothing", () => {
    expect(count.parse(0)).toBe(0);
    expect(count.parse(null)).toBeNull();
    for (const value of [-1, 1.5, "2"]) expect(count.safeParse(value).success).toBe(false);
  });

  it("normalises currency codes to trimmed lower case and lets them be missing", () => {
    expect(currency.parse("USD")).toBe("usd");
    expect(currency.parse(" Eur ")).toBe("eur");
    expect(currency.parse(null)).toBeNull();
    expect(currency.parse(undefined)).toBeUndefined();
    expect(currency.safeParse(840).success).toBe(false);
  });
});

describe("purchaseSchema", () => {
  it("reads a complete purchase", () => {
    const parsed = purchaseSchema.parse(purchase());
    expect(parsed.purchaseId).toBe(1001);
    expect(parsed.amountTransaction).toBe(49.9);
    expect(parsed.checkoutInitializedAt).toBe("2026-05-10T11:58:00Z");
  });

  it("keeps unknown extra fields such as productId and affiliateId", () => {
    const parsed = purchaseSchema.parse(purchase({ productId: 77, affiliateId: "aff_3", somethingNew: { nested: true } }));
    expect(parsed).toMatchObject({ productId: 77, affiliateId: "aff_3", somethingNew: { nested: true } });
  });

  it("accepts null or absent on naturally missing fields", () => {
    expect(purchaseSchema.parse(purchase({ cardBrand: null })).cardBrand).toBeNull();
    const absent = purchaseSchema.parse(without(purchase(), "cardBrand", "cardLast4", "currency", "orderId", "incomingAvailableAt", "amountTaxes"));
    expect(absent.cardBrand).toBeUndefined();
    expect(absent.currency).toBeUndefined();
    expect(absent.orderId).toBeUndefined();
    expect(purchaseSchema.parse(purchase({ currency: null })).currency).toBeNull();
  });

  it("accepts an affiliate's record without the three creator-only amounts", () => {
    const affiliate = without(purchase({ affiliateName: "Partner", amountAffiliation: 10, amountAffiliationNet: 9 }), "amountCreatorNet", "amountCreatorPlatformFee", "amountCreatorTax");
    const parsed = purchaseSchema.parse(affiliate);
    expect(parsed.amountAffiliationNet).toBe(9);
    expect("amountCreatorNet" in parsed).toBe(false);
  });

  it("normalises the currency to lower case", () => {
    expect(purchaseSchema.parse(purchase({ currency: "BRL" })).currency).toBe("brl");
  });

  it.each(["amountTransaction", "amountItemsGross", "amountItemsNet", "amountTaxes", "amountCreatorNet"])("reads %s given as a plain decimal string exactly", (field) => {
    expect(purchaseSchema.parse(purchase({ [field]: "49.90" }))[field as "amountTransaction"]).toBe(49.9);
  });

  it.each(["amountTransaction", "amountItemsGross", "amountItemsNet", "amountTaxes", "amountCreatorNet"])("refuses %s given as text that is not a plain decimal", (field) => {
    expect(purchaseSchema.safeParse(purchase({ [field]: "49,90" })).success).toBe(false);
  });

  it("refuses a missing required amount", () => {
    expect(purchaseSchema.safeParse(without(purchase(), "amountTransaction")).success).toBe(false);
  });

  it.each(["purchaseCreatedAt", "checkoutInitializedAt", "incomingAvailableAt"])("refuses a malformed %s", (field) => {
    expect(purchaseSchema.safeParse(purchase({ [field]: "2026-05-10 12:00" })).success).toBe(false);
  });

  it("refuses a missing filter timestamp", () => {
    expect(purchaseSchema.safeParse(without(purchase(), "checkoutInitializedAt")).success).toBe(false);
  });

  it("refuses a non-integer or missing purchaseId", () => {
    expect(purchaseSchema.safeParse(purchase({ purchaseId: "1001" })).success).toBe(false);
    expect(purchaseSchema.safeParse(purchase({ purchaseId: 10.5 })).success).toBe(false);
    expect(purchaseSchema.safeParse(without(purchase(), "purchaseId")).success).toBe(false);
  });

  it("names the offending field in the error", () => {
    const result = purchaseSchema.safeParse(purchase({ amountTransaction: "R$ 49.90" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["amountTransaction"]);
  });
});

describe("orderSchema", () => {
  it("reads a complete order and keeps unknown fields", () => {
    const parsed = orderSchema.parse(order({ productId: 12 }));
    expect(parsed.orderId).toBe(501);
    expect(parsed).toMatchObject({ productId: 12 });
  });

  it("accepts a missing or null deliveredAt, cardBrand and currency", () => {
    const absent = orderSchema.parse(without(order(), "deliveredAt", "cardBrand", "currency"));
    expect(absent.deliveredAt).toBeUndefined();
    expect(absent.cardBrand).toBeUndefined();
    expect(absent.currency).toBeUndefined();
    const nulls = orderSchema.parse(order({ deliveredAt: null, cardBrand: null, currency: null }));
    expect(nulls.deliveredAt).toBeNull();
    expect(nulls.cardBrand).toBeNull();
  });

  it("normalises the currency to lower case", () => {
    expect(orderSchema.parse(order({ currency: "USD" })).currency).toBe("usd");
  });

  it("refuses an amount given as text that is not a decimal, and a malformed deliveredAt", () => {
    expect(orderSchema.parse(order({ amountItemsGross: "49.90" })).amountItemsGross).toBe(49.9);
    expect(orderSchema.safeParse(order({ amountItemsGross: "4.990e1" })).success).toBe(false);
    expect(orderSchema.safeParse(order({ deliveredAt: "soon" })).success).toBe(false);
  });

  it("refuses an orderId that is not an integer", () => {
    expect(orderSchema.safeParse(order({ orderId: "501" })).success).toBe(false);
  });

  it("refuses negative or fractional counts", () => {
    expect(orderSchema.safeParse(order({ purchaseCount: -1 })).success).toBe(false);
    expect(orderSchema.safeParse(order({ upsellCount: 0.5 })).success).toBe(false);
  });
});

describe("abandonedCartSchema", () => {
  it("reads a cart and keeps unknown fields", () => {
    const parsed = abandonedCartSchema.parse(cart({ productId: 5 }));
    expect(parsed.checkoutId).toBe("chk_9");
    expect(parsed).toMatchObject({ productId: 5 });
  });

  it("reads a numeric orderId as its string", () => {
    expect(abandonedCartSchema.parse(cart({ orderId: 12345 })).orderId).toBe("12345");
  });

  it("keeps a string orderId and accepts a null or absent one", () => {
    expect(abandonedCartSchema.parse(cart({ orderId: "O-9" })).orderId).toBe("O-9");
    expect(abandonedCartSchema.parse(cart({ orderId: null })).orderId).toBeNull();
    expect(abandonedCartSchema.parse(without(cart(), "orderId")).orderId).toBeUndefined();
  });

  it("refuses an orderId of another type", () => {
    expect(abandonedCartSchema.safeParse(cart({ orderId: true })).success).toBe(false);
  });

  it("refuses an amount given as text that is not a decimal, and a malformed sessionInitializedAt", () => {
    expect(abandonedCartSchema.parse(cart({ amountTransaction: "19" })).amountTransaction).toBe(19);
    expect(abandonedCartSchema.safeParse(cart({ amountTransaction: "19 " })).success).toBe(false);
    expect(abandonedCartSchema.safeParse(cart({ sessionInitializedAt: "2026-05-10" })).success).toBe(false);
    expect(abandonedCartSchema.safeParse(without(cart(), "sessionInitializedAt")).success).toBe(false);
  });

  it("requires a checkoutId", () => {
    expect(abandonedCartSchema.safeParse(without(cart(), "checkoutId")).success).toBe(false);
  });
});

describe("listEnvelopeSchema", () => {
  const body = (meta: Record<string, unknown>) => ({ data: [{ a: 1 }, "anything"], meta: { count: 2, limit: 5000, from: "2026-05-01", to: "2026-05-31", truncated: false, ...meta } });

  it("reads an envelope and leaves the records unchecked", () => {
    const parsed = listEnvelopeSchema.parse(body({}));
    expect(parsed.data).toEqual([{ a: 1 }, "anything"]);
    expect(parsed.meta.truncated).toBe(false);
  });

  it("keeps unknown fields of the envelope and its meta", () => {
    const parsed = listEnvelopeSchema.parse({ ...body({ nextHint: "x" }), links: {} });
    expect(parsed).toMatchObject({ links: {}, meta: { nextHint: "x" } });
  });

  it("accepts null or absent from and to", () => {
    expect(listEnvelopeSchema.safeParse(body({ from: null, to: undefined })).success).toBe(true);
  });

  it("refuses a body without meta.truncated", () => {
    expect(listEnvelopeSchema.safeParse({ data: [], meta: without(body({}).meta, "truncated") }).success).toBe(false);
    expect(listEnvelopeSchema.safeParse({ data: [], meta: body({}).meta }).success).toBe(true);
  });

  it("refuses truncated given as a string", () => {
    expect(listEnvelopeSchema.safeParse(body({ truncated: "false" })).success).toBe(false);
  });

  it("refuses a body without data or meta, or with data not a list", () => {
    expect(listEnvelopeSchema.safeParse({ meta: body({}).meta }).success).toBe(false);
    expect(listEnvelopeSchema.safeParse({ data: [] }).success).toBe(false);
    expect(listEnvelopeSchema.safeParse({ data: {}, meta: body({}).meta }).success).toBe(false);
  });

  it("refuses an impossible count or limit", () => {
    expect(listEnvelopeSchema.safeParse(body({ count: -1 })).success).toBe(false);
    expect(listEnvelopeSchema.safeParse(body({ limit: 0 })).success).toBe(false);
    expect(listEnvelopeSchema.safeParse(body({ count: 1.5 })).success).toBe(false);
  });
});

describe("genericRecordSchema", () => {
  it("accepts any object with its fields", () => {
    expect(genericRecordSchema.parse({ refundId: 1, requestedAt: "2026-05-10T00:00:00Z" })).toEqual({ refundId: 1, requestedAt: "2026-05-10T00:00:00Z" });
  });

  it("refuses what is not an object", () => {
    for (const value of [null, "x", 1, [1, 2]]) expect(genericRecordSchema.safeParse(value).success).toBe(false);
  });
});
