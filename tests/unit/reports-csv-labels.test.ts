// The pages word the funds weeks and the days-to-refund buckets in the reader's language from
// ids the server sends; the CSV files keep the English cells they always had.
import { describe, expect, it } from "vitest";
import { eventFactRow } from "@/lib/query/event-facts";
import { daysBucketCsvLabel, daysToRefund } from "@/lib/reports/server/refunds-report";
import { fundsWeekCsvLabel } from "@/lib/reports/server/revenue-report";

describe("funds weeks in the CSV", () => {
  it("names the already-available row, a week by its Monday and the row after the last week", () => {
    expect(fundsWeekCsvLabel("available", 8)).toBe("Already available");
    expect(fundsWeekCsvLabel("2026-06-15", 8)).toBe("Week of 2026-06-15");
    expect(fundsWeekCsvLabel("later", 8)).toBe("After 8 weeks");
  });
});

describe("days from sale to refund request", () => {
  const refund = (purchaseCreatedAt: string, requestedAt: string) => ({ purchaseCreatedAt, requestedAt });

  it("counts each record in the bucket of its whole days, bounds included, and leaves out a record without both dates", () => {
    const days = daysToRefund([
      refund("2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"), // 1 day
      refund("2026-06-01T00:00:00Z", "2026-06-02T00:00:01Z"), // just over 1 day
      refund("2026-06-01T00:00:00Z", "2026-06-08T00:00:00Z"), // 7 days
      refund("2026-06-01T00:00:00Z", "2026-07-01T00:00:00Z"), // 30 days
      refund("2026-06-01T00:00:00Z", "2026-07-01T00:00:01Z"), // over 30 days
      { requestedAt: "2026-06-02T00:00:00Z" },
    ].map((r) => eventFactRow("refunds", r)));
    expect(days).toEqual([
      { from: 0, to: 1, count: 1 },
      { from: 2, to: 7, count: 2 },
      { from: 8, to: 14, count: 0 },
      { from: 15, to: 30, count: 1 },
      { from: 31, to: null, count: 1 },
    ]);
  });

  it("keeps the CSV's English cells", () => {
    expect(daysToRefund([]).map(daysBucketCsvLabel)).toEqual(["0–1 days", "2–7 days", "8–14 days", "15–30 days", "more than 30 days"]);
  });
});
