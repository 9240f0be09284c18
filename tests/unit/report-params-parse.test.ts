import { afterEach, describe, expect, it } from "vitest";
import { autoGranularity, parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { presetRange } from "@/lib/report-params/presets";

// Every call passes `now`: nothing here depends on today's date or the server's time zone.
const NOW = new Date("2026-03-10T12:00:00Z");
const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const lengthInDays = (r: { from: string; to: string }) => (Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000 + 1;

describe("parseReportParams: the range", () => {
  it("defaults to the last 30 days ending today in UTC, whatever the server's time zone", () => {
    for (const tz of ["Pacific/Kiritimati", "America/Sao_Paulo", "Asia/Kolkata"]) {
      process.env.TZ = tz;
      for (const instant of ["2026-03-10T00:00:00Z", "2026-03-10T23:59:59Z"]) {
        const { params, problems } = parseReportParams({}, new Date(instant));
        expect(problems).toEqual([]);
        expect([params.from, params.to]).toEqual(["2026-02-09", "2026-03-10"]);
      }
    }
  });

  it("takes today in the report's time zone", () => {
    // 23:30 UTC on the 10th is already the 11th in Tokyo.
    expect(parseReportParams({ tz: "Asia/Tokyo" }, new Date("2026-03-10T23:30:00Z")).params.to).toBe("2026-03-11");
  });

  it("accepts a valid range, including one day and 731 days", () => {
    expect(parseReportParams({ from: "2026-03-01", to: "2026-03-01" }, NOW)).toMatchObject({ problems: [], params: { from: "2026-03-01", to: "2026-03-01" } });
    const long = parseReportParams({ from: "2024-03-10", to: "2026-03-10" }, NOW);
    expect(long.problems).toEqual([]);
    expect(lengthInDays(long.params)).toBe(731);
  });

  it.each([["2026-02-30"], ["2026-2-1"], ["2026-03-01T00:00:00Z"], [""], ["yesterday"]])("names a malformed start date %j and keeps the valid end", (from) => {
    const { params, problems } = parseReportParams({ from, to: "2026-03-10" }, NOW);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`"${from}"`);
    expect(params.to).toBe("2026-03-10");
    expect(lengthInDays(params)).toBe(30);
  });

  it("keeps a valid start when the end is malformed", () => {
    const { params, problems } = parseReportParams({ from: "2026-01-01", to: "2026-13-01" }, NOW);
    expect(problems[0]).toContain('"2026-13-01"');
    expect(params).toMatchObject({ from: "2026-01-01", to: "2026-01-30" });
  });

  it("falls back to the default range when both dates are malformed", () => {
    const { params, problems } = parseReportParams({ from: "x", to: "y" }, NOW);
    expect(problems).toHaveLength(2);
    expect(params).toMatchObject(presetRange("last_30_days", "UTC", NOW));
  });

  it("swaps a reversed range and says so", () => {
    const { params, problems } = parseReportParams({ from: "2026-03-10", to: "2026-03-01" }, NOW);
    expect(problems[0]).toMatch(/after it ends/);
    expect(params).toMatchObject({ from: "2026-03-01", to: "2026-03-10" });
  });

  it("cuts a too long range to 731 days ending at its end, also when it was reversed", () => {
    const long = parseReportParams({ from: "2020-01-01", to: "2026-03-10" }, NOW);
    expect(long.problems[0]).toMatch(/at most 731 days/);
    expect(long.params).toMatchObject({ from: "2024-03-10", to: "2026-03-10" });
    const reversed = parseReportParams({ from: "2030-01-01", to: "2020-01-01" }, NOW);
    expect(lengthInDays(reversed.params)).toBe(731);
    expect(reversed.params.to).toBe("2030-01-01");
  });

  // The day after 9999-12-31 is not a YYYY-MM-DD day: planning the windows up to it crashed
  // deep in the client, and the report answered 502 "could not be reached".
  it("refuses a day outside 2000-01-01 to 2999-12-31 in words, and builds the nearest range inside", () => {
    const far = parseReportParams({ from: "9999-12-01", to: "9999-12-31" }, NOW);
    expect(far.problems).toEqual([
      "The start date 9999-12-01 is outside the days a report can cover (2000-01-01 to 2999-12-31).",
      "The end date 9999-12-31 is outside the days a report can cover (2000-01-01 to 2999-12-31).",
    ]);
    expect(far.params).toMatchObject({ from: "2026-02-09", to: "2026-03-10" });
    const open = parseReportParams({ from: "2026-06-01", to: "9999-12-31" }, NOW);
    expect(open.problems).toEqual(["The end date 9999-12-31 is outside the days a report can cover (2000-01-01 to 2999-12-31)."]);
    expect(open.params).toMatchObject({ from: "2026-06-01", to: "2026-06-30" });
    expect(parseReportParams({ from: "2999-12-20", to: "1999-12-31" }, NOW).params).toMatchObject({ from: "2999-12-20", to: "2999-12-31" });
    expect(parseReportParams({ from: "0001-01-01", to: "2000-01-10" }, NOW).params).toMatchObject({ from: "2000-01-01", to: "2000-01-10" });
    expect(lengthInDays(parseReportParams({ from: "2000-01-01", to: "2999-12-31" }, NOW).params)).toBe(731);
    expect(parseReportParams({ from: "2000-01-01", to: "2000-01-31" }, NOW).problems).toEqual([]);
    expect(parseReportParams({ from: "2999-12-01", to: "2999-12-31" }, NOW).problems).toEqual([]);
  });

  it("takes the first of repeated parameters", () => {
    expect(parseReportParams({ from: ["2026-03-01", "2025-01-01"], to: ["2026-03-02", "x"] }, NOW)).toMatchObject({ problems: [], params: { from: "2026-03-01", to: "2026-03-02" } });
  });

  it("resolves a preset without dates, and rejects an unknown preset", () => {
    expect(parseReportParams({ preset: "last_month" }, NOW).params).toMatchObject({ from: "2026-02-01", to: "2026-02-28", preset: "last_month" });
    expect(parseReportParams({ preset: "forever" }, NOW).problems[0]).toContain('"forever"');
  });
});

describe("parseReportParams: the other parameters", () => {
  it("names an unknown time zone and falls back to UTC", () => {
    const { params, problems } = parseReportParams({ tz: "Mars/Olympus" }, NOW);
    expect(problems[0]).toContain("Mars/Olympus");
    expect(params.tz).toBe("UTC");
  });

  it("chooses the granularity from the range's length, and refuses hours beyond two days", () => {
    expect([1, 2, 3, 92, 93, 366, 367].map(autoGranularity)).toEqual(["hour", "hour", "day", "day", "week", "week", "month"]);
    const hourly = parseReportParams({ from: "2026-03-01", to: "2026-03-05", granularity: "hour" }, NOW);
    expect(hourly.problems[0]).toMatch(/at most 2 days/);
    expect(hourly.params.granularity).toBe("day");
  });

  it("checks comparison, dating and currency", () => {
    const bad = parseReportParams({ compare: "sometimes", dating: "never", currency: "euros" }, NOW);
    expect(bad.problems).toHaveLength(3);
    expect(bad.params).toMatchObject({ compare: "previous", dating: "sale", currency: null });
    expect(parseReportParams({ currency: "USD" }, NOW).params.currency).toBe("usd");
  });

  it("reads comma-separated filters, de-duplicated and capped", () => {
    const { params, problems } = parseReportParams({ product: "A,B,A", method: ["pix", "boleto"] }, NOW);
    expect(problems).toEqual([]);
    expect(params.filters.product).toEqual(["A", "B"]);
    expect(params.filters.method).toEqual(["pix", "boleto"]);
    const many = parseReportParams({ offer: Array.from({ length: 60 }, (_, i) => `o${i}`).join(",") }, NOW);
    expect(many.params.filters.offer).toHaveLength(50);
    expect(many.problems[0]).toMatch(/at most 50/);
  });

  it("writes a query that reads back to the same report, defaults omitted", () => {
    const { params } = parseReportParams({ from: "2026-03-01", to: "2026-03-10", compare: "last_year", tz: "Europe/Berlin", product: "A,B", dating: "event" }, NOW);
    const query = reportQuery(params);
    expect(query).not.toContain("granularity");
    expect(parseReportParams(Object.fromEntries(new URLSearchParams(query)), NOW)).toEqual({ params, issues: [], problems: [], tableQuery: [] });
  });
});

describe("the tables' URL keys beside the report's", () => {
  it("are no problem for parseReportParams when valid, change no parameter, and stay out of the report query", async () => {
    const { TABLE_NAMES, tableUrlKeys } = await import("@/lib/report-params/table-url-parsers");
    const { TABLE_COLUMNS } = await import("@/lib/report-params/table-columns");
    const now = new Date("2026-06-15T12:00:00Z");
    const base = { from: "2026-05-01", to: "2026-05-31", product: "Course" };
    // A valid column and sort of each table ("email", "amount" for the record tables; the leaderboard has its own).
    const hide = (t: (typeof TABLE_NAMES)[number]) => (t === "affiliates" ? TABLE_COLUMNS.affiliates!.columns[0]! : "email");
    const sort = (t: (typeof TABLE_NAMES)[number]) => (t === "affiliates" ? TABLE_COLUMNS.affiliates!.sorts[0]! : "amount");
    const tableKeys = Object.fromEntries(TABLE_NAMES.flatMap((t) => Object.values(tableUrlKeys(t)).map((k) => [k, k.endsWith("hide") ? hide(t) : k.endsWith("page") ? "3" : k.endsWith("dir") ? "asc" : sort(t)])));
    const plain = parseReportParams(base, now);
    const withTables = parseReportParams({ ...base, ...tableKeys }, now);
    expect(withTables.problems).toEqual([]);
    expect(withTables.tableQuery).toHaveLength(TABLE_NAMES.length * 4);
    expect(withTables.params).toEqual(plain.params);
    expect(reportQuery(withTables.params)).toBe(reportQuery(plain.params));
    // Distinct per table, and none is a report parameter's name.
    const keys = Object.keys(tableKeys);
    expect(new Set(keys).size).toBe(TABLE_NAMES.length * 4);
    expect(keys.some((k) => new URLSearchParams(reportQuery(plain.params)).has(k))).toBe(false);
  });
});
