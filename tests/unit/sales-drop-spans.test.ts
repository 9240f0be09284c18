import { describe, expect, it } from "vitest";
import { LAG_MS, salesDropSpans } from "@/lib/alerts/sales-drop";

// "Today so far" against the same hours of four weeks' same weekday: each span ends at the same
// wall-clock hour of its own day, also when the clocks changed in between.
const iso = (ms: number) => new Date(ms).toISOString();

describe("salesDropSpans", () => {
  it("ends today and each week at the last whole hour at least 30 minutes ago, in the zone", () => {
    const plan = salesDropSpans(Date.parse("2026-06-15T12:20:00Z"), "America/Sao_Paulo")!;
    // 09:20 in São Paulo, less the lag: until 08:00 local (11:00 UTC), from its midnight (03:00 UTC).
    expect(plan.day).toBe("2026-06-15");
    expect(plan.hours).toBe(8);
    expect(plan.weeks).toEqual(["2026-06-08", "2026-06-01", "2026-05-25", "2026-05-18"]);
    expect(plan.spans.map((s) => [iso(s.fromMs), iso(s.toMs)])).toEqual([
      ["2026-06-15T03:00:00.000Z", "2026-06-15T11:00:00.000Z"],
      ["2026-06-08T03:00:00.000Z", "2026-06-08T11:00:00.000Z"],
      ["2026-06-01T03:00:00.000Z", "2026-06-01T11:00:00.000Z"],
      ["2026-05-25T03:00:00.000Z", "2026-05-25T11:00:00.000Z"],
      ["2026-05-18T03:00:00.000Z", "2026-05-18T11:00:00.000Z"],
    ]);
  });

  it("compares the same wall-clock hours across a change of the clocks", () => {
    // New York, 2026-03-08 at 14:00 EDT (the clocks went forward that night): until 13:00 local, each day.
    const spring = salesDropSpans(Date.parse("2026-03-08T18:00:00Z"), "America/New_York")!;
    expect(spring.hours).toBe(13);
    expect(iso(spring.spans[0]!.fromMs)).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(spring.spans[0]!.toMs)).toBe("2026-03-08T17:00:00.000Z"); // 13:00 EDT
    expect(iso(spring.spans[1]!.toMs)).toBe("2026-03-01T18:00:00.000Z"); // 13:00 EST
    // 2026-11-01 at 14:00 EST (the clocks went back): today's span is 14 hours long, the weeks' 13.
    const autumn = salesDropSpans(Date.parse("2026-11-01T19:00:00Z"), "America/New_York")!;
    expect(autumn.hours).toBe(13);
    expect(iso(autumn.spans[0]!.toMs)).toBe("2026-11-01T18:00:00.000Z"); // 13:00 EST
    expect(iso(autumn.spans[1]!.toMs)).toBe("2026-10-25T17:00:00.000Z"); // 13:00 EDT
  });

  it("judges nothing before the day's first whole hour after the lag", () => {
    expect(salesDropSpans(Date.parse("2026-06-15T00:50:00Z"), "UTC")).toBeNull();
    expect(salesDropSpans(Date.parse("2026-06-15T00:00:00Z") + LAG_MS + 3_600_000, "UTC")!.hours).toBe(1);
  });
});
