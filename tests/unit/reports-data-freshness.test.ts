import { describe, expect, it } from "vitest";
import { dataFreshness, formatAsOf, formatClock, freshnessSentence, mergeSpans, SPLIT_GAP_MS } from "@/lib/reports/data-freshness";
import { reportQuality } from "@/lib/reports/report-quality";
import type { RangeReport } from "@/lib/mirror/range-types";

const at = (iso: string) => Date.parse(iso);
const fetch = (from: string, to: string, fetchedAt: Array<[string, string]>) => ({ from, to, fetchedAt: fetchedAt.map(([d, t]) => [d, at(t)] as [string, number]) });
const NOW = at("2026-06-15T12:30:00Z");

describe("dataFreshness", () => {
  it("is null when no day was fetched", () => {
    expect(dataFreshness([], NOW)).toBeNull();
    expect(dataFreshness([fetch("2026-06-01", "2026-06-02", [])], NOW)).toBeNull();
  });

  it("gives one time, the oldest fetch, when the days were fetched within an hour of each other", () => {
    const f = dataFreshness([fetch("2026-06-10", "2026-06-12", [["2026-06-10", "2026-06-15T11:10:00Z"], ["2026-06-11", "2026-06-15T12:04:00Z"], ["2026-06-12", "2026-06-15T11:40:00Z"]])], NOW);
    expect(f).toEqual({ computedAt: NOW, asOf: at("2026-06-15T11:10:00Z"), older: null, spans: [{ from: "2026-06-10", to: "2026-06-12" }], stale: { mark: "hour", count: 1, days: ["2026-06-10"] } });
  });

  it("splits where the older days are more than an hour older than every day after them", () => {
    const f = dataFreshness([fetch("2026-05-01", "2026-06-15", [
      ["2026-05-01", "2026-06-14T09:10:00Z"],
      ["2026-05-02", "2026-06-14T09:40:00Z"],
      ["2026-06-14", "2026-06-15T11:00:00Z"],
      ["2026-06-15", "2026-06-15T12:04:00Z"],
    ])], NOW);
    expect(f?.asOf).toBe(at("2026-06-15T11:00:00Z"));
    expect(f?.older).toEqual({ before: "2026-06-14", asOf: at("2026-06-14T09:10:00Z") });
  });

  it("does not split when the newest day is itself among the oldest fetched", () => {
    const f = dataFreshness([fetch("2026-06-13", "2026-06-15", [["2026-06-13", "2026-06-15T12:00:00Z"], ["2026-06-14", "2026-06-15T12:01:00Z"], ["2026-06-15", "2026-06-15T08:00:00Z"]])], NOW);
    expect(f).toMatchObject({ asOf: at("2026-06-15T08:00:00Z"), older: null });
  });

  it("puts a day fetched just within the gap of the oldest in the older part", () => {
    const oldest = at("2026-06-15T08:00:00Z");
    const f = dataFreshness([{ from: "2026-06-13", to: "2026-06-15", fetchedAt: [["2026-06-13", oldest], ["2026-06-14", oldest + SPLIT_GAP_MS], ["2026-06-15", oldest + SPLIT_GAP_MS + 1]] }], NOW);
    expect(f).toMatchObject({ asOf: oldest + SPLIT_GAP_MS + 1, older: { before: "2026-06-15", asOf: oldest } });
  });

  it("judges a day by its oldest fetch over every resource, and merges the ranges read into spans", () => {
    const f = dataFreshness([
      fetch("2026-06-14", "2026-06-15", [["2026-06-14", "2026-06-15T12:00:00Z"], ["2026-06-15", "2026-06-15T12:00:00Z"]]),
      fetch("2026-06-14", "2026-06-16", [["2026-06-14", "2026-06-15T12:00:00Z"], ["2026-06-15", "2026-06-14T20:00:00Z"]]),
      fetch("2025-06-14", "2025-06-15", [["2025-06-14", "2026-06-15T12:00:00Z"]]),
    ], NOW);
    expect(f?.asOf).toBe(at("2026-06-14T20:00:00Z"));
    expect(f?.older).toBeNull();
    expect(f?.spans).toEqual([{ from: "2025-06-14", to: "2025-06-15" }, { from: "2026-06-14", to: "2026-06-16" }]);
  });

  it("is carried in every report's quality, over both periods", () => {
    const report = (from: string, day: string, time: string) => ({ ...fetch(from, from, [[day, time]]), resource: "purchases", windows: [], requests: 0, retries: 0, tokenExchanges: 0, cacheHits: 0, incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true }) as RangeReport;
    const q = reportQuality({ current: [report("2026-06-15", "2026-06-15", "2026-06-15T12:00:00Z")], comparison: [report("2026-06-08", "2026-06-08", "2026-06-13T12:00:00Z")] }, null, NOW);
    expect(q.freshness).toEqual({ computedAt: NOW, asOf: at("2026-06-15T12:00:00Z"), older: { before: "2026-06-15", asOf: at("2026-06-13T12:00:00Z") }, spans: [{ from: "2026-06-08", to: "2026-06-08" }, { from: "2026-06-15", to: "2026-06-15" }], stale: { mark: "day", count: 1, days: ["2026-06-08"] } });
  });
});

describe("mergeSpans", () => {
  it("joins overlapping and touching ranges and keeps apart ones", () => {
    expect(mergeSpans([{ from: "2026-03-01", to: "2026-03-10" }, { from: "2026-01-01", to: "2026-01-31" }, { from: "2026-02-01", to: "2026-02-05" }, { from: "2026-03-05", to: "2026-03-06" }])).toEqual([
      { from: "2026-01-01", to: "2026-02-05" },
      { from: "2026-03-01", to: "2026-03-10" },
    ]);
  });
});

describe("formatAsOf", () => {
  it("says only the time on the reference's day, in the report's time zone", () => {
    expect(formatAsOf(at("2026-06-15T12:04:00Z"), NOW, "UTC")).toBe("12:04");
    expect(formatAsOf(at("2026-06-15T12:04:00Z"), NOW, "America/Sao_Paulo")).toBe("09:04");
  });
  it("says yesterday, a date, or a date with its year", () => {
    expect(formatAsOf(at("2026-06-14T09:10:00Z"), NOW, "UTC")).toBe("yesterday, 09:10");
    expect(formatAsOf(at("2025-11-22T09:10:00Z"), at("2026-06-15T12:00:00Z"), "UTC")).toBe("Nov 22, 2025, 09:10");
    expect(formatAsOf(at("2026-05-22T09:10:00Z"), NOW, "UTC")).toBe("May 22, 09:10");
  });
  it("judges today and yesterday by the local calendar, not UTC", () => {
    // 01:30 UTC on the 15th is still the 14th in São Paulo; so is the reference.
    expect(formatAsOf(at("2026-06-14T23:50:00Z"), at("2026-06-15T01:30:00Z"), "America/Sao_Paulo")).toBe("20:50");
    // Both the 14th in UTC, but 23:50 on the 14th and 00:30 on the 15th in Tokyo.
    expect(formatAsOf(at("2026-06-14T14:50:00Z"), at("2026-06-14T15:30:00Z"), "Asia/Tokyo")).toBe("yesterday, 23:50");
  });
});

describe("freshnessSentence", () => {
  it("names the older part only when there is one", () => {
    expect(freshnessSentence({ computedAt: NOW, asOf: at("2026-06-15T12:04:00Z"), older: null, spans: [], stale: null }, "UTC")).toBe("Data as of 12:04");
    expect(freshnessSentence({ computedAt: NOW, asOf: at("2026-06-15T12:04:00Z"), older: { before: "2026-06-01", asOf: at("2026-06-14T16:02:00Z") }, spans: [], stale: null }, "UTC")).toBe(
      "Data as of 12:04; days before 2026-06-01 as of yesterday, 16:02",
    );
  });

  it("says which days are older than what", () => {
    const f = dataFreshness([fetch("2026-02-27", "2026-06-15", [
      ["2026-02-27", "2026-06-15T12:20:00Z"],
      ["2026-03-01", "2026-06-14T09:00:00Z"],
      ["2026-03-02", "2026-06-13T09:00:00Z"],
      ["2026-03-05", "2026-06-14T10:00:00Z"],
      ["2026-06-15", "2026-06-15T12:25:00Z"],
    ])], NOW)!;
    expect(freshnessSentence(f, "UTC")).toBe("Data as of yesterday, 10:00; days before 2026-03-05 as of Jun 13, 09:00. 3 days last read more than 24 h ago: 2026-03-01, 2026-03-02, 2026-03-05");
  });
});

describe("dataFreshness: stale days", () => {
  const daysRead = (ages: Array<[string, number]>) => dataFreshness([{ from: "2026-01-01", to: "2026-06-15", fetchedAt: ages.map(([day, ageMs]) => [day, NOW - ageMs] as [string, number]) }], NOW);
  const HOUR = 3_600_000;

  it("names the largest age some day exceeds (7 days, 24 h, 1 h), and the days beyond it", () => {
    expect(daysRead([["2026-06-14", 30 * 60_000], ["2026-06-15", 60_000]])?.stale).toBeNull();
    expect(daysRead([["2026-06-14", HOUR + 1], ["2026-06-15", 60_000]])?.stale).toEqual({ mark: "hour", count: 1, days: ["2026-06-14"] });
    expect(daysRead([["2026-03-01", 8 * 24 * HOUR], ["2026-03-02", 2 * 24 * HOUR], ["2026-06-15", 60_000]])?.stale).toEqual({ mark: "week", count: 1, days: ["2026-03-01"] });
  });

  it("lists the first five days in order and counts the rest", () => {
    const days = Array.from({ length: 8 }, (_, i) => [`2026-03-0${i + 1}`, 25 * HOUR] as [string, number]);
    expect(daysRead(days)?.stale).toEqual({ mark: "day", count: 8, days: ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"] });
  });
});

describe("formatClock", () => {
  it("uses a 24-hour clock in the given time zone, with seconds on request", () => {
    expect(formatClock(Date.parse("2026-06-15T18:17:14Z"), "UTC")).toBe("18:17");
    expect(formatClock(Date.parse("2026-06-15T18:17:14Z"), "America/Sao_Paulo", true)).toBe("15:17:14");
  });
});
