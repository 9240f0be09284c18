import { describe, expect, it } from "vitest";
import { netShareIndex, netShareOf, refundShareOf, saleShareOf, saleShareSum } from "@/lib/analytics/key-share";
import { summarizePurchases } from "@/lib/analytics/purchase-summary";
import { mergeSummaries } from "@/lib/analytics/purchase-summary-merge";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { FACT_SUMS } from "@/lib/store/purchase-fact-store";
import { toCents } from "@/lib/analytics/money";
import { purchaseDays } from "../support/purchase-facts-fixture";

// The key's share, defined once: the record accessors and the summaries' names choose the same
// amount, so a figure made from records and the same figure made from summaries or the fact
// table agree for both key types.
const sale = { amountTransaction: 100, amountAffiliation: 30, amountRefunded: 50, amountCreatorNet: 80, amountAffiliationNet: 27 };

describe("the key's share", () => {
  it("a creator's figures are the sale's, an affiliate's the commission's", () => {
    expect(saleShareOf("creator")(sale)).toBe(100);
    expect(saleShareOf("affiliate")(sale)).toBe(30);
    expect(netShareOf("creator")(sale)).toBe(80);
    expect(netShareOf("affiliate")(sale)).toBe(27);
    expect(refundShareOf("creator")(sale)).toBe(50);
    // Half the sale refunded takes back half the commission.
    expect(refundShareOf("affiliate")(sale)).toBe(15);
    expect(FACT_SUMS).toContain(saleShareSum("creator"));
    expect(FACT_SUMS).toContain(saleShareSum("affiliate"));
  });

  it.each(["creator", "affiliate"] as const)("%s: the summaries' sum of the key's amount equals the records' (sandbox days)", (keyType) => {
    const records = [...purchaseDays(keyType).values()].flat().filter((p) => p.currency === "brl");
    const merged = mergeSummaries([summarizePurchases(records)], assumeCurrency("brl"));
    const brl = merged.currencies.find((c) => c.currency === "brl")!;
    const share = saleShareOf(keyType);
    expect(brl.sums[FACT_SUMS.indexOf(saleShareSum(keyType))]).toBe(records.reduce((n, p) => n + toCents(share(p)), 0));
    expect(netShareIndex(keyType)).toBe(keyType === "creator" ? 0 : 1);
  });
});
