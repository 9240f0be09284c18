// Issue #10 point 15: KPI cards and the KPI CSV say "no data in the comparison period"
// instead of a percentage when there is nothing to compare with.
import { describe, expect, it } from "vitest";
import { creatorKpis, type KpiPurchase } from "@/lib/analytics/revenue-kpis";
import { isNewFigure, kpiCards } from "@/lib/reports/kpi-cards";
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

// Issue #14: a figure against a comparison period with nothing says "new".
describe("kpiCards: new figures", () => {
  it("marks every positive figure new against a comparison period with no data, with no percentage", () => {
    const [brl] = kpiCards(now, creatorKpis([]), CREATOR_KPIS, { withComparison: true });
    const amount = brl!.items.find((i) => i.key === "transactionAmount")!;
    expect(amount.isNew).toBe(true);
    expect(amount.changeRatio).toBeNull();
    // A figure that is zero now (no refunds) is not new: nothing happened in either period.
    expect(brl!.items.find((i) => i.key === "refunded")!.isNew).toBe(false);
  });

  it("marks a figure new against a zero in a comparison period that has data", () => {
    const refunded = (r: number) => ({ ...sale(100, 5), amountRefunded: r });
    const [brl] = kpiCards(creatorKpis([refunded(30)]), creatorKpis([refunded(0)]), CREATOR_KPIS, { withComparison: true });
    const item = brl!.items.find((i) => i.key === "refunded")!;
    expect(item.isNew).toBe(true);
    expect(item.changeRatio).toBeNull();
    expect(brl!.items.find((i) => i.key === "transactionAmount")!.isNew).toBe(false);
  });

  it("is not new against a comparison with data, nor without a comparison", () => {
    const [compared] = kpiCards(now, creatorKpis([sale(291.67, 3)]), CREATOR_KPIS, { withComparison: true });
    expect(compared!.items.find((i) => i.key === "transactionAmount")!.isNew).toBe(false);
    const [alone] = kpiCards(now, [], CREATOR_KPIS, { withComparison: false });
    expect(alone!.items.some((i) => i.isNew)).toBe(false);
  });

  it("isNewFigure: positive now, zero or nothing then", () => {
    expect(isNewFigure(5, 0)).toBe(true);
    expect(isNewFigure(0.2, null)).toBe(true);
    expect(isNewFigure(0, 0)).toBe(false);
    expect(isNewFigure(null, 0)).toBe(false);
    expect(isNewFigure(5, 1)).toBe(false);
  });
});
