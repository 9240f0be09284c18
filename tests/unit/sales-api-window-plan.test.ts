import { describe, expect, it } from "vitest";
import { daysBetween, shiftDay, type IsoDay } from "@/lib/calendar";
import { daysOf } from "@/lib/calendar";
import { advance, MAX_WINDOW_DAYS, missingSpans, splitForConcurrency, windowEndingAt, type Span } from "@/lib/sales-api/window-plan";

const LIMIT = 5000;

/** Deterministic pseudo-random numbers in [0, 1), so that the property checks are reproducible. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function lengthOf(span: Span): number {
  return daysBetween(span.from, span.to);
}

describe("MAX_WINDOW_DAYS", () => {
  it("is the API's 90-day limit", () => {
    expect(MAX_WINDOW_DAYS).toBe(90);
  });
});

describe("daysOf", () => {
  it("lists every day of an inclusive range, oldest first, across a month end", () => {
    expect(daysOf("2026-02-26", "2026-03-02")).toEqual(["2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });

  it("includes the leap day", () => {
    expect(daysOf("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });

  it("crosses a year end", () => {
    expect(daysOf("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  });

  it("gives one day when from equals to", () => {
    expect(daysOf("2026-07-04", "2026-07-04")).toEqual(["2026-07-04"]);
  });

  it("gives nothing when from is after to", () => {
    expect(daysOf("2026-07-05", "2026-07-04")).toEqual([]);
  });

  it("counts 366 days in a leap year and 365 in a common one", () => {
    const leap = daysOf("2028-01-01", "2028-12-31");
    expect(leap).toHaveLength(366);
    expect(leap[0]).toBe("2028-01-01");
    expect(leap.at(-1)).toBe("2028-12-31");
    expect(new Set(leap).size).toBe(366);
    expect(daysOf("2026-01-01", "2026-12-31")).toHaveLength(365);
  });
});

describe("missingSpans", () => {
  const days = daysOf("2026-03-01", "2026-03-10");
  const knownSet = (...known: IsoDay[]) => {
    const set = new Set(known);
    return (day: IsoDay) => set.has(day);
  };

  it("is empty when every day is known", () => {
    expect(missingSpans(days, () => true)).toEqual([]);
  });

  it("is empty when there are no days", () => {
    expect(missingSpans([], () => false)).toEqual([]);
  });

  it("is one half-open span over everything when nothing is known", () => {
    expect(missingSpans(days, () => false)).toEqual([{ from: "2026-03-01", to: "2026-03-11" }]);
  });

  it("lists inner gaps newest first as half-open spans", () => {
    const known = knownSet("2026-03-01", "2026-03-02", "2026-03-05", "2026-03-10");
    expect(missingSpans(days, known)).toEqual([
      { from: "2026-03-06", to: "2026-03-10" },
      { from: "2026-03-03", to: "2026-03-05" },
    ]);
  });

  it("finds gaps at both ends", () => {
    const known = knownSet("2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07");
    expect(missingSpans(days, known)).toEqual([
      { from: "2026-03-08", to: "2026-03-11" },
      { from: "2026-03-01", to: "2026-03-04" },
    ]);
  });

  it("reports isolated single days as one-day spans", () => {
    const missing = new Set(["2026-03-01", "2026-03-05", "2026-03-10"]);
    expect(missingSpans(days, (day) => !missing.has(day))).toEqual([
      { from: "2026-03-10", to: "2026-03-11" },
      { from: "2026-03-05", to: "2026-03-06" },
      { from: "2026-03-01", to: "2026-03-02" },
    ]);
  });

  it("handles a single missing day list", () => {
    expect(missingSpans(["2026-03-31"], () => false)).toEqual([{ from: "2026-03-31", to: "2026-04-01" }]);
  });

  it("ends the span on the day after the last missing day across a year end", () => {
    expect(missingSpans(daysOf("2026-12-30", "2026-12-31"), () => false)).toEqual([{ from: "2026-12-30", to: "2027-01-01" }]);
  });

  it("covers exactly the unknown days (property)", () => {
    const random = seeded(7);
    const range = daysOf("2027-11-01", "2028-04-30");
    for (let round = 0; round < 20; round++) {
      const threshold = random();
      const known = new Set(range.filter(() => random() < threshold));
      const spans = missingSpans(range, (day) => known.has(day));
      const covered = spans.flatMap((span) => daysOf(span.from, shiftDay(span.to, -1)));
      expect(new Set(covered).size).toBe(covered.length);
      expect(covered.sort()).toEqual(range.filter((day) => !known.has(day)));
      for (let i = 1; i < spans.length; i++) {
        // Newest first, and separated by at least one known day (maximal runs).
        expect((spans[i] as Span).to < (spans[i - 1] as Span).from).toBe(true);
      }
    }
  });
});

describe("windowEndingAt", () => {
  const year: Span = { from: "2026-01-01", to: "2027-01-01" };

  it("takes at most 90 days back from the end", () => {
    expect(windowEndingAt(year, "2027-01-01")).toEqual({ from: "2026-10-03", to: "2027-01-01" });
    expect(daysBetween("2026-10-03", "2027-01-01")).toBe(90);
  });

  it("clamps to the span's start when less than 90 days are left", () => {
    expect(windowEndingAt(year, "2026-03-01")).toEqual({ from: "2026-01-01", to: "2026-03-01" });
  });

  it("uses the span start when exactly 90 days are left and moves it by one at 91", () => {
    expect(windowEndingAt(year, "2026-04-01")).toEqual({ from: "2026-01-01", to: "2026-04-01" });
    expect(windowEndingAt(year, "2026-04-02")).toEqual({ from: "2026-01-02", to: "2026-04-02" });
  });

  it("gives a one-day window for a one-day span", () => {
    expect(windowEndingAt({ from: "2028-02-29", to: "2028-03-01" }, "2028-03-01")).toEqual({ from: "2028-02-29", to: "2028-03-01" });
  });

  it("never exceeds 90 days nor leaves the span, for every end", () => {
    const span: Span = { from: "2027-09-15", to: "2028-04-15" };
    for (let end = shiftDay(span.from, 1); end <= span.to; end = shiftDay(end, 1)) {
      const window = windowEndingAt(span, end);
      expect(window.to).toBe(end);
      expect(window.from >= span.from).toBe(true);
      expect(lengthOf(window)).toBeGreaterThanOrEqual(1);
      expect(lengthOf(window)).toBeLessThanOrEqual(MAX_WINDOW_DAYS);
      expect(lengthOf(window)).toBe(Math.min(MAX_WINDOW_DAYS, daysBetween(span.from, end)));
    }
  });

  it("walks a two-year span in ceil(days / 90) untruncated windows that tile it", () => {
    const span: Span = { from: "2026-01-01", to: "2028-01-01" };
    const windows: Span[] = [];
    let end = span.to;
    while (end > span.from) {
      const window = windowEndingAt(span, end);
      windows.push(window);
      end = advance(window, false, undefined).nextEnd;
    }
    expect(windows).toHaveLength(Math.ceil(730 / 90));
    expect(windows[0]).toEqual({ from: "2027-10-03", to: "2028-01-01" });
    expect(windows.at(-1)?.from).toBe("2026-01-01");
    for (let i = 1; i < windows.length; i++) expect((windows[i] as Span).to).toBe((windows[i - 1] as Span).from);
  });
});

describe("advance", () => {
  const march: Span = { from: "2026-03-01", to: "2026-03-31" };

  it.each<[string, boolean, IsoDay | undefined, ReturnType<typeof advance>]>([
    ["completes the whole window when the answer is not truncated", false, "2026-03-12", { complete: march, incomplete: null, nextEnd: "2026-03-01" }],
    ["completes the whole window when the answer is not truncated", false, undefined, { complete: march, incomplete: null, nextEnd: "2026-03-01" }],
    ["completes the days after the oldest record's day and ends the next window just after it", true, "2026-03-20", { complete: { from: "2026-03-21", to: "2026-03-31" }, incomplete: null, nextEnd: "2026-03-21" }],
    ["completes only the last day when the oldest record is on the day before it", true, "2026-03-29", { complete: { from: "2026-03-30", to: "2026-03-31" }, incomplete: null, nextEnd: "2026-03-30" }],
    ["refetches the first day when the oldest record is on it", true, "2026-03-01", { complete: { from: "2026-03-02", to: "2026-03-31" }, incomplete: null, nextEnd: "2026-03-02" }],
    ["marks the last day incomplete when the oldest record is on it, and the next window ends at that day", true, "2026-03-30", { complete: null, incomplete: "2026-03-30", nextEnd: "2026-03-30" }],
    ["treats a truncated answer without a readable oldest day as an overfull last day", true, undefined, { complete: null, incomplete: "2026-03-30", nextEnd: "2026-03-30" }],
  ])("%s (truncated: %s, oldest record on %s)", (_what, truncated, oldestDay, step) => {
    expect(advance(march, truncated, oldestDay)).toEqual(step);
  });

  it("works across month ends and the leap day", () => {
    expect(advance({ from: "2028-02-20", to: "2028-03-05" }, true, "2028-02-29")).toEqual({
      complete: { from: "2028-03-01", to: "2028-03-05" },
      incomplete: null,
      nextEnd: "2028-03-01",
    });
    expect(advance({ from: "2026-12-01", to: "2027-01-01" }, true, "2026-12-31")).toEqual({
      complete: null,
      incomplete: "2026-12-31",
      nextEnd: "2026-12-31",
    });
  });

  describe("single-day windows", () => {
    const day: Span = { from: "2026-03-15", to: "2026-03-16" };

    it("are complete when not truncated, and done", () => {
      expect(advance(day, false, "2026-03-15")).toEqual({ complete: day, incomplete: null, nextEnd: "2026-03-15" });
    });

    it("are incomplete when truncated, and done (the next end is the window's start)", () => {
      const step = advance(day, true, "2026-03-15");
      expect(step).toEqual({ complete: null, incomplete: "2026-03-15", nextEnd: "2026-03-15" });
      expect(step.nextEnd).toBe(day.from);
    });
  });

  it("always makes progress and partitions the window (property)", () => {
    const window: Span = { from: "2028-02-01", to: "2028-03-31" };
    for (const oldest of daysOf(window.from, shiftDay(window.to, -1))) {
      const step = advance(window, true, oldest);
      expect(step.nextEnd < window.to).toBe(true);
      expect(step.nextEnd >= window.from).toBe(true);
      // What is left to fetch, the complete days and the incomplete day are exactly the window.
      const parts = [
        ...daysOf(window.from, shiftDay(step.nextEnd, -1)),
        ...(step.complete ? daysOf(step.complete.from, shiftDay(step.complete.to, -1)) : []),
        ...(step.incomplete ? [step.incomplete] : []),
      ].sort();
      expect(parts).toEqual(daysOf(window.from, shiftDay(window.to, -1)));
      // The oldest record's day is always fetched again (or reported incomplete).
      expect(oldest < step.nextEnd || step.incomplete === oldest).toBe(true);
    }
  });
});

describe("splitForConcurrency", () => {
  function expectTiling(span: Span, segments: Span[]): void {
    expect(segments.length).toBeGreaterThanOrEqual(1);
    expect(segments[0]?.to).toBe(span.to);
    expect(segments.at(-1)?.from).toBe(span.from);
    for (const segment of segments) expect(segment.from < segment.to).toBe(true);
    for (let i = 1; i < segments.length; i++) expect((segments[i] as Span).to).toBe((segments[i - 1] as Span).from);
    expect(segments.reduce((sum, segment) => sum + lengthOf(segment), 0)).toBe(lengthOf(span));
  }

  const may: Span = { from: "2026-05-01", to: "2026-05-31" };
  const tenDays: Span = { from: "2026-05-01", to: "2026-05-11" }; // at 100 records a request, 70 a day make 7 requests, 80 a day 8
  const year: Span = { from: "2026-01-01", to: "2027-01-01" };

  it.each<[string, number, number, number, Span, Span[]]>([
    ["keeps a span whole when few requests are expected", 10, 8, LIMIT, may, [may]],
    ["keeps a span whole when few requests are expected", 0, 8, LIMIT, may, [may]],
    ["splits only when at least 8 requests are expected (4 per segment): 7 requests", 70, 8, 100, tenDays, [tenDays]],
    ["splits only when at least 8 requests are expected (4 per segment): 8 requests", 80, 8, 100, tenDays, [{ from: "2026-05-06", to: "2026-05-11" }, { from: "2026-05-01", to: "2026-05-06" }]],
    ["never makes more segments than days", 1_000_000, 8, LIMIT, { from: "2026-12-30", to: "2027-01-02" }, [{ from: "2027-01-01", to: "2027-01-02" }, { from: "2026-12-31", to: "2027-01-01" }, { from: "2026-12-30", to: "2026-12-31" }]],
    ["splits across a year boundary", 1_000_000, 2, LIMIT, { from: "2026-12-30", to: "2027-01-03" }, [{ from: "2027-01-01", to: "2027-01-03" }, { from: "2026-12-30", to: "2027-01-01" }]],
    ["gives one segment when maxSegments is 1", 10_000, 1, LIMIT, year, [year]],
  ])("%s (%i records a day, at most %i segments, %i records a request)", (_what, density, maxSegments, limit, span, segments) => {
    expect(splitForConcurrency(span, density, maxSegments, limit)).toEqual(segments);
  });

  it("counts the 90-day windows as requests even without records", () => {
    const span: Span = { from: "2020-01-01", to: "2028-01-01" }; // 2922 days: 33 windows
    expect(splitForConcurrency(span, 0, 100, LIMIT)).toHaveLength(8);
  });

  it("splits a year of dense data into at most maxSegments contiguous segments, newest first", () => {
    const span: Span = { from: "2026-01-01", to: "2027-01-01" };
    const segments = splitForConcurrency(span, 1000, 4, LIMIT);
    expect(segments).toEqual([
      { from: "2026-10-01", to: "2027-01-01" },
      { from: "2026-07-02", to: "2026-10-01" },
      { from: "2026-04-02", to: "2026-07-02" },
      { from: "2026-01-01", to: "2026-04-02" },
    ]);
    expectTiling(span, segments);
  });

  it("splits around the leap day 2028-02-29", () => {
    const span: Span = { from: "2028-02-27", to: "2028-03-03" };
    const segments = splitForConcurrency(span, 1_000_000, 5, LIMIT);
    expect(segments).toHaveLength(5);
    expect(segments).toContainEqual({ from: "2028-02-29", to: "2028-03-01" });
    expectTiling(span, segments);
  });

  it("tiles the span with at most maxSegments balanced segments (property)", () => {
    const random = seeded(42);
    const start = "2027-06-01";
    for (let round = 0; round < 150; round++) {
      const from = shiftDay(start, Math.floor(random() * 730));
      const span: Span = { from, to: shiftDay(from, 1 + Math.floor(random() * 800)) };
      const density = Math.floor(random() * 3000);
      const maxSegments = 1 + Math.floor(random() * 10);
      const segments = splitForConcurrency(span, density, maxSegments, LIMIT);
      expectTiling(span, segments);
      expect(segments.length).toBeLessThanOrEqual(maxSegments);
      const lengths = segments.map(lengthOf);
      expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
      const days = lengthOf(span);
      const expected = Math.max(Math.ceil(days / MAX_WINDOW_DAYS), Math.ceil((days * density) / LIMIT));
      if (expected < 8) expect(segments).toHaveLength(1);
    }
  });
});
