import { afterEach, describe, expect, it } from "vitest";
import { MAX_RANGE_DAYS, defaultRange, parseReportRange, type RangeParse } from "@/lib/report-range";

// Every call passes `now`: nothing here depends on today's date. The time-zone tests pin
// process.env.TZ (Node re-reads it on assignment) and restore it afterwards.
const NOW = new Date("2026-03-10T12:00:00Z");
const DEFAULT = { from: "2026-03-04", to: "2026-03-10" };

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

function failure(result: RangeParse): Extract<RangeParse, { ok: false }> {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

/** Inclusive length in days of a range of YYYY-MM-DD days. */
function lengthInDays(range: { from: string; to: string }): number {
  return (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
}

describe("defaultRange", () => {
  it("is the 7 days ending on the given day, inclusive", () => {
    expect(defaultRange("2026-03-10")).toEqual(DEFAULT);
  });

  it("crosses month and year ends", () => {
    expect(defaultRange("2026-01-03")).toEqual({ from: "2025-12-28", to: "2026-01-03" });
    expect(defaultRange("2028-03-01", 3)).toEqual({ from: "2028-02-28", to: "2028-03-01" });
  });
});

describe("parseReportRange without a range", () => {
  it("defaults to the last 7 days ending today", () => {
    expect(parseReportRange({}, NOW)).toEqual({ ok: true, ...DEFAULT });
  });

  it.each([
    ["at the first millisecond of the UTC day", "2026-03-10T00:00:00.000Z"],
    ["late in the UTC day", "2026-03-10T23:59:59.999Z"],
    ["when it is already the next day east of UTC", "2026-03-10T22:30:00Z"],
    ["when it is still the previous day west of UTC", "2026-03-10T01:30:00Z"],
  ])("takes today in UTC %s", (_label, instant) => {
    expect(parseReportRange({}, new Date(instant))).toEqual({ ok: true, ...DEFAULT });
  });

  it("reads an instant given with an offset as its UTC day", () => {
    // 21:30 on the 10th in São Paulo is 00:30 on the 11th in UTC.
    expect(parseReportRange({}, new Date("2026-03-10T21:30:00-03:00"))).toEqual({ ok: true, from: "2026-03-05", to: "2026-03-11" });
  });

  it.each(["Pacific/Kiritimati", "America/Sao_Paulo", "Pacific/Pago_Pago", "Asia/Kolkata"])(
    "gives the same days whatever the server time zone (%s)",
    (tz) => {
      process.env.TZ = tz;
      expect(parseReportRange({}, new Date("2026-03-10T23:30:00Z"))).toEqual({ ok: true, ...DEFAULT });
      expect(parseReportRange({}, new Date("2026-03-10T00:30:00Z"))).toEqual({ ok: true, ...DEFAULT });
    },
  );

  it("treats empty arrays like absent parameters", () => {
    expect(parseReportRange({ from: [], to: [] }, NOW)).toEqual({ ok: true, ...DEFAULT });
  });
});

describe("parseReportRange with a valid range", () => {
  it("passes it through", () => {
    expect(parseReportRange({ from: "2026-01-01", to: "2026-01-31" }, NOW)).toEqual({ ok: true, from: "2026-01-01", to: "2026-01-31" });
  });

  it("accepts a single day", () => {
    expect(parseReportRange({ from: "2026-02-14", to: "2026-02-14" }, NOW)).toEqual({ ok: true, from: "2026-02-14", to: "2026-02-14" });
  });

  it("accepts a leap day", () => {
    expect(parseReportRange({ from: "2028-02-29", to: "2028-03-01" }, NOW)).toMatchObject({ ok: true });
  });

  it("does not clamp a range to today (future days are the caller's business)", () => {
    expect(parseReportRange({ from: "2026-03-01", to: "2026-04-30" }, NOW)).toEqual({ ok: true, from: "2026-03-01", to: "2026-04-30" });
  });

  it("takes the first value of array parameters", () => {
    expect(parseReportRange({ from: ["2026-01-01", "2026-02-01"], to: ["2026-01-10", "bogus"] }, NOW)).toEqual({
      ok: true,
      from: "2026-01-01",
      to: "2026-01-10",
    });
  });

  it("takes the first value of an array even if a later one is the valid one", () => {
    const result = failure(parseReportRange({ from: ["bogus", "2026-01-01"], to: "2026-01-10" }, NOW));
    expect(result.message).toContain('"bogus"');
  });
});

describe("parseReportRange with a malformed or impossible day", () => {
  it.each([
    "2026-02-30",
    "2027-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-3-1",
    "20260301",
    "2026/03/01",
    "01-03-2026",
    " 2026-03-01",
    "2026-03-01T00:00:00Z",
    "yesterday",
    "+02026-03-01",
  ])("refuses start %j, naming it, with the default fallback", (value) => {
    const result = failure(parseReportRange({ from: value, to: "2026-03-05" }, NOW));
    expect(result.message).toContain(`"${value}"`);
    expect(result.message).toMatch(/start date/i);
    expect(result.message).toContain("YYYY-MM-DD");
    expect(result.fallback).toEqual(DEFAULT);
  });

  it.each(["2026-02-30", "2026-99-99", "tomorrow", "2026-03-1"])("refuses end %j, naming it, with the default fallback", (value) => {
    const result = failure(parseReportRange({ from: "2026-03-01", to: value }, NOW));
    expect(result.message).toContain(`"${value}"`);
    expect(result.message).toMatch(/end date/i);
    expect(result.fallback).toEqual(DEFAULT);
  });

  it("refuses a start without an end", () => {
    const result = failure(parseReportRange({ from: "2026-03-01" }, NOW));
    expect(result.message).toMatch(/end date ""/i);
    expect(result.fallback).toEqual(DEFAULT);
  });

  it("refuses an end without a start", () => {
    const result = failure(parseReportRange({ to: "2026-03-01" }, NOW));
    expect(result.message).toMatch(/start date ""/i);
    expect(result.fallback).toEqual(DEFAULT);
  });

  it("refuses empty strings", () => {
    expect(failure(parseReportRange({ from: "", to: "" }, NOW)).fallback).toEqual(DEFAULT);
    expect(failure(parseReportRange({ from: "2026-03-01", to: "" }, NOW)).fallback).toEqual(DEFAULT);
  });

  it("computes the fallback from the injected now", () => {
    const result = failure(parseReportRange({ from: "bad", to: "bad" }, new Date("2025-01-02T23:59:00Z")));
    expect(result.fallback).toEqual({ from: "2024-12-27", to: "2025-01-02" });
  });
});

describe("parseReportRange with a reversed range", () => {
  it("refuses it, naming both days, and offers the swapped range", () => {
    const result = failure(parseReportRange({ from: "2026-03-10", to: "2026-03-01" }, NOW));
    expect(result.message).toContain("2026-03-10");
    expect(result.message).toContain("2026-03-01");
    expect(result.fallback).toEqual({ from: "2026-03-01", to: "2026-03-10" });
  });

  it("compares days across years correctly", () => {
    expect(failure(parseReportRange({ from: "2026-01-01", to: "2025-12-31" }, NOW)).fallback).toEqual({ from: "2025-12-31", to: "2026-01-01" });
  });

  // Regression guard, once a bug (lib/report-range.ts:23): a reversed range is checked before its length, so
  // from=2030-01-01&to=2020-01-01 offers the swapped range 2020-01-01..2030-01-01, 3,654
  // days long: following the "Open ... instead" link lands on a second error page. Suggested
  // fix: swap first and then apply the length rule to the swapped range (fallback
  // { from: shiftDay(from, -(MAX_RANGE_DAYS - 1)), to: from }).
  it("offers a swapped fallback that is itself valid when the reversed range is too long", () => {
    const result = failure(parseReportRange({ from: "2030-01-01", to: "2020-01-01" }, NOW));
    expect(lengthInDays(result.fallback)).toBeLessThanOrEqual(MAX_RANGE_DAYS);
    expect(parseReportRange(result.fallback, NOW).ok).toBe(true);
  });
});

describe("parseReportRange with a range over the limit", () => {
  it("allows exactly 731 days", () => {
    // 2024 is a leap year: 366 + 365 days.
    expect(MAX_RANGE_DAYS).toBe(731);
    expect(parseReportRange({ from: "2024-01-01", to: "2025-12-31" }, NOW)).toEqual({ ok: true, from: "2024-01-01", to: "2025-12-31" });
  });

  it("refuses 732 days with a 731-day fallback ending at `to`", () => {
    const result = failure(parseReportRange({ from: "2024-01-01", to: "2026-01-01" }, NOW));
    expect(result.message).toContain("732 days");
    expect(result.message).toContain("731");
    expect(result.fallback).toEqual({ from: "2024-01-02", to: "2026-01-01" });
    expect(lengthInDays(result.fallback)).toBe(731);
  });

  it("refuses a decade with a 731-day fallback ending at `to`", () => {
    const result = failure(parseReportRange({ from: "2016-06-15", to: "2026-03-01" }, NOW));
    expect(result.fallback.to).toBe("2026-03-01");
    expect(lengthInDays(result.fallback)).toBe(731);
  });
});

describe("every fallback", () => {
  it.each([
    [{ from: "bogus", to: "2026-03-01" }],
    [{ from: "2026-03-01", to: "2026-02-30" }],
    [{ from: "2026-03-10", to: "2026-03-01" }],
    [{ from: "2020-01-01", to: "2026-03-01" }],
    [{ from: "2026-03-01" }],
  ])("is itself a valid range (%j)", (params) => {
    const { fallback } = failure(parseReportRange(params, NOW));
    expect(parseReportRange(fallback, NOW)).toEqual({ ok: true, ...fallback });
  });
});
