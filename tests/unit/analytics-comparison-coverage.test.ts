// Issue #10 point 15: two years of a new account against the two years before (one day of
// data) showed "+58,333%". A comparison period that starts before the data is recognised.
import { describe, expect, it } from "vitest";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { lacksComparison } from "@/lib/analytics/kpi-deltas";
import { formatDay, parseDay } from "@/lib/calendar";

const everyDay = (from: string, to: string) => {
  const days: string[] = [];
  for (let d = parseDay(from); d <= parseDay(to); d++) days.push(`${formatDay(d)}T12:00:00Z`);
  return days;
};

describe("comparisonDataStart", () => {
  it("finds the first day with data when the comparison period starts long before the data", () => {
    const previous = { from: "2022-06-16", to: "2024-06-15" };
    expect(comparisonDataStart(previous, everyDay("2024-06-15", "2024-06-15"), everyDay("2024-06-16", "2026-06-15"))).toBe("2024-06-15");
    expect(comparisonDataStart(previous, everyDay("2024-01-01", "2024-06-15"), everyDay("2024-06-16", "2026-06-15"))).toBe("2024-01-01");
  });

  it("leaves a covered comparison period alone", () => {
    expect(comparisonDataStart({ from: "2026-04-01", to: "2026-04-30" }, everyDay("2026-04-01", "2026-04-30"), everyDay("2026-05-01", "2026-05-31"))).toBeNull();
    // A quiet first week is not "before the data".
    expect(comparisonDataStart({ from: "2026-04-01", to: "2026-04-30" }, everyDay("2026-04-06", "2026-04-30"), everyDay("2026-05-01", "2026-05-31"))).toBeNull();
  });

  it("does not mistake a sparse account's quiet start for missing data", () => {
    // A sale every 20 days: 15 quiet days at the start of the period are ordinary for it.
    const sparse = ["2026-01-16", "2026-02-05", "2026-02-25", "2026-03-17", "2026-04-06"].map((d) => `${d}T10:00:00Z`);
    expect(comparisonDataStart({ from: "2026-01-01", to: "2026-02-28" }, sparse.slice(0, 3), sparse.slice(3))).toBeNull();
  });

  it("says nothing when the comparison period has no record at all (that is plain 'no data')", () => {
    expect(comparisonDataStart({ from: "2022-06-16", to: "2024-06-15" }, [], everyDay("2024-06-16", "2024-07-01"))).toBeNull();
  });
});

describe("lacksComparison", () => {
  // A zero in a period with data is a value to compare with (no refunds last month): only a
  // missing value means there is nothing to compare with.
  it.each([
    [0, false],
    [5, false],
    [null, true],
    [undefined, true],
  ] as const)("previous %s: %s", (previous, expected) => {
    expect(lacksComparison(previous)).toBe(expected);
  });
});
