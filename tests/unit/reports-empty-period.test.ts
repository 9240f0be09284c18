// Issue #14: a period with no record says so and offers a wider range.
import { describe, expect, it } from "vitest";
import { parseReportParams } from "@/lib/report-params/parse";
import { creatorKpis, type KpiPurchase } from "@/lib/analytics/revenue-kpis";
import { kpiCards } from "@/lib/reports/kpi-cards";
import { periodHasNoRecords, rangeWithData, showsEmptyPeriod } from "@/lib/reports/empty-period";
import { CREATOR_KPIS } from "@/lib/reports/server/revenue-kpi-items";

const NOW = new Date("2026-06-15T12:00:00Z");
const params = (q: Record<string, string>) => parseReportParams(q, NOW).params;
const sale: KpiPurchase = {
  currency: "brl", orderId: 1, amountTransaction: 10, amountItemsGross: 10, amountItemsNet: 10, amountShippingNet: 0, amountTaxes: 0,
  amountAffiliation: 0, amountAffiliationNet: 0, amountRefunded: 0, amountCreatorPlatformFee: 0, amountCreatorNet: 10,
};

describe("periodHasNoRecords", () => {
  it("is true when every figure is zero or empty, including a currency seen only in the comparison", () => {
    expect(periodHasNoRecords([])).toBe(true);
    expect(periodHasNoRecords(kpiCards(creatorKpis([]), creatorKpis([sale]), CREATOR_KPIS, { withComparison: true }))).toBe(true);
  });

  it("is false with one record", () => {
    expect(periodHasNoRecords(kpiCards(creatorKpis([sale]), [], CREATOR_KPIS, { withComparison: false }))).toBe(false);
  });
});

describe("rangeWithData", () => {
  it("offers the last 12 months up to today, in the report's zone, keeping the other choices", () => {
    const empty = params({ from: "2023-01-01", to: "2023-01-31", granularity: "hour", tz: "America/Sao_Paulo", compare: "none" });
    const { span, params: target } = rangeWithData(empty, NOW);
    expect(span).toBe("year");
    expect([target.from, target.to]).toEqual(["2025-06-16", "2026-06-15"]);
    expect(target.granularity).toBe("week"); // an hourly choice cannot stay over a year
    expect(target.compare).toBe("none");
    expect(target.tz).toBe("America/Sao_Paulo");
  });

  it("offers two years when the empty range already covers the last 12 months", () => {
    const { span, params: target } = rangeWithData(params({ from: "2025-01-01", to: "2026-06-15" }), NOW);
    expect(span).toBe("twoYears");
    expect(target.from < "2024-07-01").toBe(true);
  });
});

describe("showsEmptyPeriod", () => {
  it("never says so for an incomplete answer", () => {
    expect(showsEmptyPeriod({ kpis: [], quality: { complete: true } })).toBe(true);
    expect(showsEmptyPeriod({ kpis: [], quality: { complete: false } })).toBe(false);
  });
});
