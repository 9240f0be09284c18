import { afterEach, describe, expect, it } from "vitest";
import { dayAge, DEFAULT_FRESHNESS, isFresh, maxAgeFor, parseFreshnessPolicy } from "@/lib/mirror/freshness-policy";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Mid-afternoon UTC, so that no case lands on a midnight by accident.
const NOW = Date.parse("2026-06-15T15:30:00Z");
const dayBefore = (days: number, now = NOW) => new Date(Math.floor(now / DAY) * DAY - days * DAY).toISOString().slice(0, 10);

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** [age in days, how long a day of that age stays fresh]: both sides of each of the default policy's tier edges. */
const TIER_EDGES: Array<[number, number]> = [
  [0, 60 * SECOND],
  [3, 60 * SECOND],
  [4, HOUR],
  [30, HOUR],
  [31, DAY],
  [120, DAY],
  [121, 7 * DAY],
];

describe("DEFAULT_FRESHNESS", () => {
  it("is the documented 3:60s,30:1h,120:24h,*:7d", () => {
    expect(DEFAULT_FRESHNESS).toEqual([
      { upToDays: 3, maxAgeMs: 60 * SECOND },
      { upToDays: 30, maxAgeMs: HOUR },
      { upToDays: 120, maxAgeMs: DAY },
      { upToDays: Number.POSITIVE_INFINITY, maxAgeMs: 7 * DAY },
    ]);
    expect(parseFreshnessPolicy("3:60s,30:1h,120:24h,*:7d")).toEqual(DEFAULT_FRESHNESS);
  });
});

describe("maxAgeFor: every tier edge of the default policy", () => {
  it.each([...TIER_EDGES, [730, 7 * DAY]])("a day %i days old stays fresh %i ms", (age, maxAge) => {
    expect(maxAgeFor(dayBefore(age), NOW)).toBe(maxAge);
  });

  it("treats a day after today (a clock ahead of ours) as the youngest tier", () => {
    expect(maxAgeFor(dayBefore(-1), NOW)).toBe(60 * SECOND);
  });
});

describe("isFresh", () => {
  it.each(TIER_EDGES)("a day %i days old is fresh until %i ms after its fetch, stale from then on", (age, maxAge) => {
    const day = dayBefore(age);
    expect(isFresh(day, NOW - (maxAge - 1), NOW)).toBe(true);
    expect(isFresh(day, NOW - maxAge, NOW)).toBe(false);
    expect(isFresh(day, NOW - maxAge - 1, NOW)).toBe(false);
  });

  it("a copy fetched just now is fresh at every age", () => {
    for (const age of [0, 3, 4, 30, 31, 120, 121, 3650]) expect(isFresh(dayBefore(age), NOW, NOW)).toBe(true);
  });

  it("fetchedAt 0 ('refresh now' expired it) is stale, even when the clock is within a tier's age of 0", () => {
    // With now = 30 s after the epoch, now - 0 is under the 60 s tier: only the explicit rule makes it stale.
    expect(isFresh("1970-01-01", 0, 30 * SECOND)).toBe(false);
    expect(isFresh(dayBefore(200), 0, NOW)).toBe(false);
    expect(isFresh(dayBefore(0), 0, NOW)).toBe(false);
  });

  it("ages a day at midnight UTC: a copy stale at 23:59:30 on the day's 3rd day is fresh again at 00:00:30 (1 h tier)", () => {
    const day = "2026-06-15";
    const fetchedAt = Date.parse("2026-06-18T23:58:00Z");
    const before = Date.parse("2026-06-18T23:59:30Z");
    const after = Date.parse("2026-06-19T00:00:30Z");
    expect(dayAge(day, before)).toBe(3);
    expect(dayAge(day, after)).toBe(4);
    expect(isFresh(day, fetchedAt, before)).toBe(false);
    expect(isFresh(day, fetchedAt, after)).toBe(true);
  });

  it("and a copy fresh at 23:59:30 on the day's 30th day (1 h) is still fresh past midnight (24 h tier)", () => {
    const day = "2026-05-20";
    const fetchedAt = Date.parse("2026-06-19T23:00:00Z");
    expect(dayAge(day, Date.parse("2026-06-19T23:59:30Z"))).toBe(30);
    expect(isFresh(day, fetchedAt, Date.parse("2026-06-19T23:59:30Z"))).toBe(true);
    expect(isFresh(day, fetchedAt, Date.parse("2026-06-20T00:30:00Z"))).toBe(true);
    // Same fetch, same elapsed time, but the day one younger: the 1 h tier makes it stale.
    expect(isFresh("2026-05-21", fetchedAt, Date.parse("2026-06-20T00:30:00Z"))).toBe(false);
  });
});

describe("dayAge", () => {
  it("counts UTC days: the last millisecond of a day is age 0, the next one age 1", () => {
    expect(dayAge("2026-06-14", Date.parse("2026-06-14T00:00:00Z"))).toBe(0);
    expect(dayAge("2026-06-14", Date.parse("2026-06-14T23:59:59.999Z"))).toBe(0);
    expect(dayAge("2026-06-14", Date.parse("2026-06-15T00:00:00Z"))).toBe(1);
    expect(dayAge("2026-06-16", Date.parse("2026-06-15T12:00:00Z"))).toBe(-1);
  });

  it("crosses month and year ends", () => {
    expect(dayAge("2025-12-31", Date.parse("2026-01-01T00:00:00Z"))).toBe(1);
    expect(dayAge("2026-02-28", Date.parse("2026-03-01T12:00:00Z"))).toBe(1);
    expect(dayAge("2024-02-28", Date.parse("2024-03-01T12:00:00Z"))).toBe(2);
  });

  it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"])("does not depend on the process time zone (%s)", (tz) => {
    process.env.TZ = tz;
    expect(dayAge("2026-06-14", Date.parse("2026-06-14T23:59:59.999Z"))).toBe(0);
    expect(dayAge("2026-06-14", Date.parse("2026-06-15T00:00:00Z"))).toBe(1);
  });
});

describe("parseFreshnessPolicy", () => {
  it("reads each unit", () => {
    expect(parseFreshnessPolicy("1:500ms,2:30s,3:5m,4:2h,*:3d")).toEqual([
      { upToDays: 1, maxAgeMs: 500 },
      { upToDays: 2, maxAgeMs: 30 * SECOND },
      { upToDays: 3, maxAgeMs: 5 * MINUTE },
      { upToDays: 4, maxAgeMs: 2 * HOUR },
      { upToDays: Number.POSITIVE_INFINITY, maxAgeMs: 3 * DAY },
    ]);
  });

  it("allows spaces around the parts, and a single catch-all tier", () => {
    expect(parseFreshnessPolicy(" 0 : 10 s , * : 1 d ")).toEqual([
      { upToDays: 0, maxAgeMs: 10 * SECOND },
      { upToDays: Number.POSITIVE_INFINITY, maxAgeMs: DAY },
    ]);
    expect(parseFreshnessPolicy("*:7d")).toEqual([{ upToDays: Number.POSITIVE_INFINITY, maxAgeMs: 7 * DAY }]);
  });

  it("a parsed policy drives isFresh and maxAgeFor", () => {
    const policy = parseFreshnessPolicy("0:10s,*:1h");
    expect(maxAgeFor(dayBefore(0), NOW, policy)).toBe(10 * SECOND);
    expect(maxAgeFor(dayBefore(1), NOW, policy)).toBe(HOUR);
    expect(isFresh(dayBefore(0), NOW - 11 * SECOND, NOW, policy)).toBe(false);
    expect(isFresh(dayBefore(1), NOW - 11 * SECOND, NOW, policy)).toBe(true);
  });

  it.each([
    ["3:60x,*:7d", '"3:60x" is not "<days>:<duration>" (e.g. 30:1h, or *:7d for older days)'],
    ["3:1.5h,*:7d", '"3:1.5h" is not "<days>:<duration>" (e.g. 30:1h, or *:7d for older days)'],
    ["-1:1h,*:7d", '"-1:1h" is not "<days>:<duration>" (e.g. 30:1h, or *:7d for older days)'],
    ["3:60s;*:7d", '"3:60s;*:7d" is not "<days>:<duration>" (e.g. 30:1h, or *:7d for older days)'],
    ["3:60s,,*:7d", '"" is not "<days>:<duration>" (e.g. 30:1h, or *:7d for older days)'],
    ["", '"" is not "<days>:<duration>" (e.g. 30:1h, or *:7d for older days)'],
    ["3:60", '"3:60" is not "<days>:<duration>" (e.g. 30:1h, or *:7d for older days)'],
    ["30:1h,3:60s,*:7d", "the tiers must go from young days to old ones, each older than the last"],
    ["3:60s,3:1h,*:7d", "the tiers must go from young days to old ones, each older than the last"],
    ["*:7d,*:1d", "the tiers must go from young days to old ones, each older than the last"],
    ["*:7d,3:60s", "the tiers must go from young days to old ones, each older than the last"],
    ["3:60s,30:1h,120:24h", 'the last tier must be "*" (every older day)'],
  ])("refuses %j: %s", (text, message) => {
    expect(() => parseFreshnessPolicy(text)).toThrow(new Error(message));
  });
});
