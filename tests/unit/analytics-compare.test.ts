import { describe, expect, it } from "vitest";
import { alignSeries, comparisonRange } from "@/lib/analytics/compare";

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

describe("comparisonRange", () => {
  it("previous: the same number of days, ending the day before", () => {
    expect(comparisonRange({ from: "2026-06-01", to: "2026-06-30" }, "previous")).toEqual({ from: "2026-05-02", to: "2026-05-31" });
    expect(comparisonRange({ from: "2026-03-01", to: "2026-03-01" }, "previous")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(comparisonRange({ from: "2024-03-01", to: "2024-03-31" }, "previous")).toEqual({ from: "2024-01-30", to: "2024-02-29" }); // 31 days, leap February
    expect(comparisonRange({ from: "2026-01-01", to: "2026-01-07" }, "previous")).toEqual({ from: "2025-12-25", to: "2025-12-31" });
  });

  it("last_year: 364 days back, so a Monday is compared with a Monday", () => {
    expect(comparisonRange({ from: "2026-06-15", to: "2026-06-21" }, "last_year")).toEqual({ from: "2025-06-16", to: "2025-06-22" });
    expect(weekday("2026-06-15")).toBe(1);
    expect(weekday("2025-06-16")).toBe(1);
    // Across leap years too (2024-02-29 exists): always the same weekday, always 364 days.
    for (let i = 0; i < 800; i += 13) {
      const day = new Date(Date.parse("2024-01-01T00:00:00Z") + i * 86_400_000).toISOString().slice(0, 10);
      const { from } = comparisonRange({ from: day, to: day }, "last_year");
      expect(weekday(from)).toBe(weekday(day));
      expect(daysBetween(from, day)).toBe(364);
    }
  });

  it("refuses an impossible or reversed range", () => {
    expect(() => comparisonRange({ from: "2026-02-30", to: "2026-03-01" }, "previous")).toThrow(RangeError);
    expect(() => comparisonRange({ from: "2026-03-02", to: "2026-03-01" }, "last_year")).toThrow(RangeError);
  });
});

describe("alignSeries", () => {
  const points = (...rows: [string, number, number][]) => rows.map(([bucket, amount, count]) => ({ bucket, amount, count }));

  it("pairs buckets by position", () => {
    const current = points(["2026-06-01", 10, 1], ["2026-06-02", 0, 0]);
    const previous = points(["2026-05-30", 4, 2], ["2026-05-31", 5.5, 3]);
    expect(alignSeries(current, previous)).toEqual([
      { bucket: "2026-06-01", amount: 10, count: 1, comparisonBucket: "2026-05-30", comparisonAmount: 4, comparisonCount: 2 },
      { bucket: "2026-06-02", amount: 0, count: 0, comparisonBucket: "2026-05-31", comparisonAmount: 5.5, comparisonCount: 3 },
    ]);
  });

  it("follows the current period: nulls past a shorter comparison, extra comparison buckets dropped", () => {
    const current = points(["2026-03", 1, 1], ["2026-04", 2, 2]);
    expect(alignSeries(current, points(["2026-01", 9, 9]))[1]).toEqual({ bucket: "2026-04", amount: 2, count: 2, comparisonBucket: null, comparisonAmount: null, comparisonCount: null });
    expect(alignSeries(current.slice(0, 1), points(["2026-01", 9, 9], ["2026-02", 8, 8]))).toHaveLength(1);
    expect(alignSeries([], points(["2026-01", 9, 9]))).toEqual([]);
  });
});
