// The loss alerts' values per dimension: a refund or dispute placed by its sale's values (one
// whose sale was not found is left out before, as the report's unmatched); the weeks' refunds as
// their mean; the disputes beside the month's sales of the same currency.
import { describe, expect, it } from "vitest";
import { disputeConcentrationValues, refundDimensionValues } from "@/lib/alerts/loss-findings";
import type { SummaryBreakdowns } from "@/lib/insights/summary-dimensions";
import type { Purchase } from "@/lib/sales-api";

const sale = (productName: string, psp: string, offerCode = "off1", offerName = "Offer One") => ({ productName, psp, offerCode, offerName, purchaseType: "front", paymentMethod: "credit_card", cardBrand: "visa", billingCountry: "BR", affiliateName: "" }) as unknown as Purchase;

describe("refundDimensionValues", () => {
  it("counts the day's refunds per key against the weeks' mean", () => {
    const values = refundDimensionValues([sale("A", "pagarme"), sale("A", "stripe")], [[sale("A", "pagarme")], [sale("B", "pagarme"), sale("B", "pagarme")]]);
    const product = values.find((v) => v.dimension === "product")!;
    expect(product.keys).toEqual([{ key: "A", current: 2, previous: 0.5 }, { key: "B", current: 0, previous: 1 }]);
    expect(values.find((v) => v.dimension === "offer")!.keys[0]).toEqual({ key: "off1", label: "Offer One", current: 2, previous: 1.5 });
    // An affiliate-less sale is "none", as the Revenue report's breakdown has it.
    expect(values.find((v) => v.dimension === "affiliate")!.keys.map((k) => k.key)).toEqual(["none"]);
  });
});

describe("disputeConcentrationValues", () => {
  it("puts each value's disputes beside its sales of the currency", () => {
    const row = (key: string, count: number) => ({ key, count, amount: 0, share: null });
    const none = [] as never[];
    const sales = {
      product: [{ currency: "usd", count: 1, amount: 0, rows: [row("A", 1)] }, { currency: "brl", count: 100, amount: 0, rows: [row("A", 10), row("B", 90)] }],
      offer: none, purchaseType: none, paymentMethod: none, psp: none, cardBrand: none, country: none, affiliate: none,
    } as unknown as SummaryBreakdowns;
    const values = disputeConcentrationValues([sale("A", "x"), sale("A", "x")], sales, "BRL");
    expect(values.find((v) => v.dimension === "product")!.keys).toEqual([{ key: "A", events: 2, base: 10 }, { key: "B", events: 0, base: 90 }]);
    expect(values.find((v) => v.dimension === "psp")!.keys).toEqual([{ key: "x", events: 2, base: 0 }]);
  });
});
