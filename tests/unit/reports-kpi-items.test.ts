// Issue #10 point 15: KPI cards and the KPI CSV say "no data in the comparison period"
// instead of a percentage when there is nothing to compare with.
import { describe, expect, it } from "vitest";
import { creatorKpis, type KpiPurchase } from "@/lib/analytics/revenue-kpis";
import { kpiCards } from "@/lib/reports/kpi-cards";
import { noComparisonDataText } from "@/lib/reports/no-comparison-data";
import { CREATOR_KPIS } from "@/lib/reports/server/revenue-kpi-items";

const sale = (amount: number, orderId: number): KpiPurchase => ({
  currency: "brl", orderId, amountTransaction: amount, amountItemsGross: amount, amountItemsNet: amount, amountShippingNet: 0, amountTaxes: 0,
  amountAffiliation: 0, amountAffiliationNet: 0, amountRefunded: 0, amountCreatorPlatformFee: 0, amountCreatorNet: amount,
});
const now = creatorKpis([sale(350, 1), sale(233.34, 2)]);

describe("kpiCards against a comparison period", () => {
  it("has no percentage and says so when the comparison period has no data", () => {
    const [brl] = kpiCards(now, creatorKpis([]), CREATOR_KPIS, { withComparison: true });
    for (const item of brl!.items) {
      expect(item.noComparisonData).toBe(true);
      expect(item.changeRatio).toBeNull();
    }
  });

  it("has no percentage when the comparison period starts before the data (one day of two years)", () => {
    const [brl] = kpiCards(now, creatorKpis([sale(1, 9)]), CREATOR_KPIS, { withComparison: true, partialComparison: true });
    const amount = brl!.items.find((i) => i.key === "transactionAmount")!;
    expect(amount.noComparisonData).toBe(true);
    expect(amount.changeRatio).toBeNull(); // was 582.34: "+58,234%"
  });

  it("keeps the percentage of a comparable figure", () => {
    const [brl] = kpiCards(now, creatorKpis([sale(291.67, 3)]), CREATOR_KPIS, { withComparison: true });
    const amount = brl!.items.find((i) => i.key === "transactionAmount")!;
    expect(amount.noComparisonData).toBe(false);
    expect(amount.changeRatio).toBeCloseTo(1);
  });

  it("marks nothing without a comparison", () => {
    const [brl] = kpiCards(now, [], CREATOR_KPIS, { withComparison: false });
    expect(brl!.items.every((i) => !i.noComparisonData && i.changeRatio === null)).toBe(true);
  });

  it("words it the same everywhere", () => {
    expect(noComparisonDataText()).toBe("no data in the comparison period");
    expect(noComparisonDataText("2024-06-15")).toBe("no data in the comparison period before 2024-06-15");
  });
});
