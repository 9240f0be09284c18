// The payout calendar's months: the URL's month, a month's local days, the back-tested months.
import { describe, expect, it } from "vitest";
import { backtestSpans, monthDays, parsePayoutMonth, payoutMonthBounds, shiftMonth } from "@/lib/reports/payouts-month";

describe("parsePayoutMonth", () => {
  it("takes YYYY-MM and nothing else", () => {
    expect(parsePayoutMonth("2026-07")).toBe("2026-07");
    for (const bad of ["2026-13", "2026-00", "2026-7", "26-07", "2026-07-01", "1999-12", "", null, undefined]) expect(parsePayoutMonth(bad)).toBeNull();
  });
});

describe("shiftMonth", () => {
  it("crosses years both ways", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-06", -18)).toBe("2024-12");
  });
});

describe("monthDays", () => {
  it("has every local day and the next month's first instant", () => {
    const { days, dayStartsMs } = monthDays("2026-02", "UTC");
    expect(days).toHaveLength(28);
    expect(days[0]).toBe("2026-02-01");
    expect(dayStartsMs).toHaveLength(29);
    expect(new Date(dayStartsMs[28]!).toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
  it("starts each day at local midnight, across a clock change", () => {
    // Berlin moves to summer time on 2026-03-29: that day lasts 23 hours.
    const { days, dayStartsMs } = monthDays("2026-03", "Europe/Berlin");
    const i = days.indexOf("2026-03-29");
    expect(new Date(dayStartsMs[0]!).toISOString()).toBe("2026-02-28T23:00:00.000Z");
    expect(dayStartsMs[i + 1]! - dayStartsMs[i]!).toBe(23 * 3_600_000);
    expect(new Date(dayStartsMs[days.length]!).toISOString()).toBe("2026-03-31T22:00:00.000Z");
  });
});

describe("backtestSpans", () => {
  const now = Date.parse("2026-06-15T12:00:00Z");
  it("takes the months whose sales are past the horizon, after the warm-up, at most twelve", () => {
    const spans = backtestSpans("2024-06-15", now, "UTC");
    expect(spans.map((s) => s.month)).toEqual(["2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
  });
  it("has none with too short a history", () => {
    // From 2026-01-01, the warm-up of 90 days reaches April, whose end is not 60 days behind now.
    expect(backtestSpans("2026-01-01", now, "UTC")).toEqual([]);
    expect(backtestSpans("2025-12-01", now, "UTC").map((s) => s.month)).toEqual(["2026-03"]);
  });
});

describe("payoutMonthBounds", () => {
  it("runs from the history's first month to the month after today's, in the zone", () => {
    expect(payoutMonthBounds(new Date("2026-06-15T12:00:00Z"), "UTC")).toEqual({ first: "2024-06", last: "2026-07" });
    // At 01:00 UTC on July 1st it is still June 30th in São Paulo.
    expect(payoutMonthBounds(new Date("2026-07-01T01:00:00Z"), "America/Sao_Paulo").last).toBe("2026-07");
    expect(payoutMonthBounds(new Date("2026-07-01T01:00:00Z"), "UTC").last).toBe("2026-08");
  });
});
