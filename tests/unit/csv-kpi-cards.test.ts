// Issue #14: the key-figures CSV says "new" where the page says "new", and "no data in the
// comparison period" only where the page does.
import { describe, expect, it } from "vitest";
import type { CsvDataset } from "@/lib/reports/server/csv-datasets";
import { kpiCardsDataset } from "@/lib/reports/server/csv-datasets";
import type { KpiItem } from "@/lib/reports/kpi-cards";

const item = (over: Partial<KpiItem>): KpiItem => ({
  key: "purchases", label: "Purchases", labelKey: "purchases", kind: "count", value: 3, previous: 0, change: 3, changeRatio: null, lowerIsBetter: false, noComparisonData: false, isNew: false, ...over,
});
const notes = (d: CsvDataset) => [...d.rows].map((r) => (r as Record<string, unknown>).comparisonNote);

describe("kpiCardsDataset comparisonNote", () => {
  it("says new for a figure with nothing in the comparison period, even when that period has no data", () => {
    const d = kpiCardsDataset([{ currency: "brl", items: [item({ isNew: true }), item({ isNew: true, noComparisonData: true, key: "orders" })] }], null);
    expect(notes(d)).toEqual(["new", "new"]);
  });

  it("keeps the no-data sentence and an empty note otherwise", () => {
    const d = kpiCardsDataset([{ currency: "brl", items: [item({ noComparisonData: true, change: null, previous: null }), item({ previous: 2, change: 1, changeRatio: 0.5 })] }], "2024-06-15");
    expect(notes(d)).toEqual(["no data in the comparison period before 2024-06-15", ""]);
  });
});
