import { describe, expect, it } from "vitest";
import { filterPurchases } from "@/lib/analytics/filters";
import type { DimensionPurchase } from "@/lib/analytics/dimensions";

type Row = DimensionPurchase & { id: number };
const row = (id: number, over: Partial<DimensionPurchase>): Row => ({
  id,
  productName: "Course A",
  offerCode: "A-BRL",
  offerName: "Course A (BRL)",
  purchaseType: "front",
  paymentMethod: "credit_card",
  psp: "stripe",
  cardBrand: "visa",
  billingCountry: "BR",
  affiliateName: "",
  ...over,
});

const rows: Row[] = [
  row(1, {}),
  row(2, { paymentMethod: "pix", psp: "pagarme", cardBrand: null }),
  row(3, { productName: "Ebook", offerCode: "E-BRL", purchaseType: "order_bump", affiliateName: "Camila" }),
  row(4, { billingCountry: "PT", cardBrand: "mastercard", affiliateName: "Camila" }),
  row(5, { purchaseType: "upsell", offerCode: "B-BRL", productName: "Course B", paymentMethod: "boleto", psp: "pagarme", cardBrand: null, billingCountry: null }),
];
const ids = (r: Row[]) => r.map((x) => x.id);

describe("filterPurchases", () => {
  it("keeps everything without filters or with empty lists", () => {
    expect(ids(filterPurchases(rows, {}))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(filterPurchases(rows, { product: [], psp: [] }))).toEqual([1, 2, 3, 4, 5]);
    expect(filterPurchases(rows, {})).not.toBe(rows); // a new array, the input untouched
  });

  it("accepts any of a dimension's values", () => {
    expect(ids(filterPurchases(rows, { product: ["Ebook", "Course B"] }))).toEqual([3, 5]);
    expect(ids(filterPurchases(rows, { offer: ["A-BRL"] }))).toEqual([1, 2, 4]);
    expect(ids(filterPurchases(rows, { purchaseType: ["order_bump", "upsell"] }))).toEqual([3, 5]);
    expect(ids(filterPurchases(rows, { paymentMethod: ["pix"] }))).toEqual([2]);
    expect(ids(filterPurchases(rows, { psp: ["pagarme"] }))).toEqual([2, 5]);
    expect(ids(filterPurchases(rows, { country: ["PT"] }))).toEqual([4]);
    expect(ids(filterPurchases(rows, { affiliate: ["Camila"] }))).toEqual([3, 4]);
  });

  it("matches a missing value with \"none\", as the breakdowns show it", () => {
    expect(ids(filterPurchases(rows, { cardBrand: ["none"] }))).toEqual([2, 5]);
    expect(ids(filterPurchases(rows, { cardBrand: ["none", "visa"] }))).toEqual([1, 2, 3, 5]);
    expect(ids(filterPurchases(rows, { country: ["none"] }))).toEqual([5]);
    expect(ids(filterPurchases(rows, { affiliate: ["none"] }))).toEqual([1, 2, 5]); // the API sends "" for no affiliate
  });

  it("requires every filtered dimension to match", () => {
    expect(ids(filterPurchases(rows, { psp: ["stripe"], affiliate: ["Camila"] }))).toEqual([3, 4]);
    expect(ids(filterPurchases(rows, { psp: ["stripe"], affiliate: ["Camila"], country: ["BR"] }))).toEqual([3]);
    expect(ids(filterPurchases(rows, { psp: ["stripe"], paymentMethod: ["pix"] }))).toEqual([]);
  });

  it("keeps the records' own type", () => {
    const kept: Row[] = filterPurchases(rows, { offer: ["E-BRL"] });
    expect(kept[0]!.id).toBe(3);
  });
});
