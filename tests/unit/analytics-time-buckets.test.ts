import { describe, expect, it } from "vitest";
import { bucketKey, bucketRange, inLocalRange, revenueSeries, utcFetchWindow, type Granularity } from "@/lib/analytics/time-buckets";
import { localRangeTest } from "@/lib/analytics/local-days";

type Rec = { currency?: string | null; at: string; amount: number };
const rec = (at: string, amount = 1, currency: string | null = "brl"): Rec => ({ currency, at, amount });
const series = (records: Rec[], from: string, to: string, granularity: Granularity, timeZone: string, fallbackCurrency?: string) =>
  revenueSeries(records, { from, to, granularity, timeZone, value: (r) => r.amount, dateOf: (r) => r.at, fallbackCurrency });

/** bucket → count of the first currency's non-empty points. */
const filled = (s: ReturnType<typeof series>[number]) => Object.fromEntries(s.points.filter((p) => p.count > 0).map((p) => [p.bucket, p.count]));

describe("bucketKey", () => {
  it("names day, week (its Monday), month and hour buckets", () => {
    expect(bucketKey("2026-06-17T15:42:10Z", "day", "UTC")).toBe("2026-06-17");
    expect(bucketKey("2026-06-17T15:42:10Z", "week", "UTC")).toBe("2026-06-15");
    expect(bucketKey("2026-06-17T15:42:10Z", "month", "UTC")).toBe("2026-06");
    expect(bucketKey("2026-06-17T15:42:10Z", "hour", "UTC")).toBe("2026-06-17T15:00+00:00");
    expect(bucketKey("2026-06-17T15:42:10Z", "hour", "America/Sao_Paulo")).toBe("2026-06-17T12:00-03:00");
    expect(bucketKey("2026-06-17T15:42:10Z", "hour", "Asia/Kathmandu")).toBe("2026-06-17T21:00+05:45"); // 21:27 local
  });

  it("accepts epoch milliseconds, Dates and timestamps with offsets or fractions", () => {
    const ms = Date.parse("2026-06-17T02:30:00Z");
    expect(bucketKey(ms, "day", "America/Sao_Paulo")).toBe("2026-06-16");
    expect(bucketKey(new Date(ms), "day", "America/Sao_Paulo")).toBe("2026-06-16");
    expect(bucketKey("2026-06-16T23:30:00-03:00", "day", "UTC")).toBe("2026-06-17");
    expect(bucketKey("2026-06-17T02:30:00.999Z", "day", "America/Sao_Paulo")).toBe("2026-06-16");
  });

  it("rejects an unknown zone and an unreadable timestamp", () => {
    expect(() => bucketKey("2026-06-17T15:42:10Z", "day", "Mars/Olympus")).toThrow(RangeError);
    expect(() => bucketKey("yesterday", "day", "UTC")).toThrow(RangeError);
    expect(() => bucketKey("2026-02-30T10:00:00Z", "day", "UTC")).toThrow(RangeError);
  });

  it("puts records near local midnight on their local day in Berlin, across both changes of 2026", () => {
    const berlin = (ts: string) => bucketKey(ts, "day", "Europe/Berlin");
    // 29 March: 02:00 CET becomes 03:00 CEST (01:00 UTC)
    expect(berlin("2026-03-28T22:59:59Z")).toBe("2026-03-28"); // 23:59:59 CET
    expect(berlin("2026-03-28T23:00:00Z")).toBe("2026-03-29"); // 00:00 CET
    expect(berlin("2026-03-29T21:59:59Z")).toBe("2026-03-29"); // 23:59:59 CEST
    expect(berlin("2026-03-29T22:00:00Z")).toBe("2026-03-30");
    // 25 October: 03:00 CEST becomes 02:00 CET (01:00 UTC)
    expect(berlin("2026-10-24T21:59:59Z")).toBe("2026-10-24");
    expect(berlin("2026-10-24T22:00:00Z")).toBe("2026-10-25"); // 00:00 CEST
    expect(berlin("2026-10-25T22:59:59Z")).toBe("2026-10-25"); // 23:59:59 CET
    expect(berlin("2026-10-25T23:00:00Z")).toBe("2026-10-26");
  });

  it("puts records near local midnight on their local day in New York, across both changes of 2026", () => {
    const ny = (ts: string) => bucketKey(ts, "day", "America/New_York");
    expect(ny("2026-03-08T04:59:59Z")).toBe("2026-03-07"); // 23:59:59 EST
    expect(ny("2026-03-08T05:00:00Z")).toBe("2026-03-08");
    expect(ny("2026-03-09T03:59:59Z")).toBe("2026-03-08"); // 23:59:59 EDT
    expect(ny("2026-03-09T04:00:00Z")).toBe("2026-03-09");
    expect(ny("2026-11-01T03:59:59Z")).toBe("2026-10-31"); // 23:59:59 EDT
    expect(ny("2026-11-01T04:00:00Z")).toBe("2026-11-01");
    expect(ny("2026-11-02T04:59:59Z")).toBe("2026-11-01"); // 23:59:59 EST
    expect(ny("2026-11-02T05:00:00Z")).toBe("2026-11-02");
  });

  it("keeps Sao Paulo at UTC−3 all year (no daylight saving since 2019)", () => {
    expect(bucketKey("2026-01-15T02:59:59Z", "day", "America/Sao_Paulo")).toBe("2026-01-14");
    expect(bucketKey("2026-01-15T03:00:00Z", "day", "America/Sao_Paulo")).toBe("2026-01-15");
    expect(bucketKey("2026-11-01T03:00:00Z", "hour", "America/Sao_Paulo")).toBe("2026-11-01T00:00-03:00");
  });

  it("tells apart the two 02:00 hours of a fall-back night by their offset", () => {
    expect(bucketKey("2026-10-25T00:30:00Z", "hour", "Europe/Berlin")).toBe("2026-10-25T02:00+02:00");
    expect(bucketKey("2026-10-25T01:30:00Z", "hour", "Europe/Berlin")).toBe("2026-10-25T02:00+01:00");
    expect(bucketKey("2026-11-01T05:30:00Z", "hour", "America/New_York")).toBe("2026-11-01T01:00-04:00");
    expect(bucketKey("2026-11-01T06:30:00Z", "hour", "America/New_York")).toBe("2026-11-01T01:00-05:00");
  });

  it("uses ISO weeks across a year boundary", () => {
    // 2026-12-31 is a Thursday, 2027-01-01 a Friday: both in the week of Monday 2026-12-28.
    expect(bucketKey("2026-12-31T12:00:00Z", "week", "UTC")).toBe("2026-12-28");
    expect(bucketKey("2027-01-01T00:00:00Z", "week", "UTC")).toBe("2026-12-28");
    expect(bucketKey("2027-01-03T23:59:59Z", "week", "UTC")).toBe("2026-12-28"); // Sunday
    expect(bucketKey("2027-01-04T00:00:00Z", "week", "UTC")).toBe("2027-01-04"); // Monday
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin.
    expect(bucketKey("2027-01-03T23:30:00Z", "week", "Europe/Berlin")).toBe("2027-01-04");
    // 2021-01-01 (Friday) belonged to ISO week 2020-W53, which began on 2020-12-28.
    expect(bucketKey("2021-01-01T10:00:00Z", "week", "UTC")).toBe("2020-12-28");
    expect(bucketKey("2024-12-31T10:00:00Z", "week", "UTC")).toBe("2024-12-30"); // ISO week 2025-W01
  });

  it("uses the local month", () => {
    expect(bucketKey("2026-07-01T02:00:00Z", "month", "America/Sao_Paulo")).toBe("2026-06");
    expect(bucketKey("2026-12-31T23:30:00Z", "month", "Europe/Berlin")).toBe("2027-01");
  });
});

describe("bucketRange", () => {
  it("has 23 hourly buckets on a spring-forward day and 25 on a fall-back day", () => {
    const spring = bucketRange("2026-03-29", "2026-03-29", "hour", "Europe/Berlin");
    expect(spring).toHaveLength(23);
    expect(spring.slice(0, 3)).toEqual(["2026-03-29T00:00+01:00", "2026-03-29T01:00+01:00", "2026-03-29T03:00+02:00"]);
    expect(spring.at(-1)).toBe("2026-03-29T23:00+02:00");

    const fall = bucketRange("2026-10-25", "2026-10-25", "hour", "Europe/Berlin");
    expect(fall).toHaveLength(25);
    expect(fall.slice(0, 5)).toEqual(["2026-10-25T00:00+02:00", "2026-10-25T01:00+02:00", "2026-10-25T02:00+02:00", "2026-10-25T02:00+01:00", "2026-10-25T03:00+01:00"]);

    expect(bucketRange("2026-03-08", "2026-03-08", "hour", "America/New_York")).toHaveLength(23);
    const nyFall = bucketRange("2026-11-01", "2026-11-01", "hour", "America/New_York");
    expect(nyFall).toHaveLength(25);
    expect(nyFall.slice(1, 3)).toEqual(["2026-11-01T01:00-04:00", "2026-11-01T01:00-05:00"]);
    expect(bucketRange("2026-11-01", "2026-11-01", "hour", "America/Sao_Paulo")).toHaveLength(24);
    expect(bucketRange("2026-03-28", "2026-03-30", "hour", "Europe/Berlin")).toHaveLength(24 + 23 + 24);
  });

  it("starts a day whose midnight does not exist at the jump (Santiago, 6 September 2026)", () => {
    const day = bucketRange("2026-09-06", "2026-09-06", "hour", "America/Santiago");
    expect(day).toHaveLength(23);
    expect(day[0]).toBe("2026-09-06T01:00-03:00");
    expect(bucketKey("2026-09-06T03:59:59Z", "day", "America/Santiago")).toBe("2026-09-05"); // 23:59:59 −04
    expect(bucketKey("2026-09-06T04:00:00Z", "day", "America/Santiago")).toBe("2026-09-06"); // 01:00 −03
  });

  it("lists every day, empty ones included", () => {
    expect(bucketRange("2026-02-27", "2026-03-02", "day", "Europe/Berlin")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(bucketRange("2024-02-28", "2024-03-01", "day", "UTC")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(bucketRange("2026-06-15", "2026-06-15", "day", "UTC")).toEqual(["2026-06-15"]);
  });

  it("lists the ISO weeks touching the range, across a year boundary", () => {
    expect(bucketRange("2026-12-30", "2027-01-12", "week", "UTC")).toEqual(["2026-12-28", "2027-01-04", "2027-01-11"]);
    expect(bucketRange("2026-12-28", "2027-01-03", "week", "UTC")).toEqual(["2026-12-28"]);
  });

  it("lists the months touching the range, across a year boundary", () => {
    expect(bucketRange("2026-11-15", "2027-02-01", "month", "UTC")).toEqual(["2026-11", "2026-12", "2027-01", "2027-02"]);
  });

  it("refuses impossible days, reversed ranges and unknown zones", () => {
    expect(() => bucketRange("2026-02-30", "2026-03-01", "day", "UTC")).toThrow(RangeError);
    expect(() => bucketRange("2026-03-02", "2026-03-01", "day", "UTC")).toThrow(RangeError);
    expect(() => bucketRange("2026-03-01", "2026-03-02", "day", "Nowhere/Else")).toThrow(RangeError);
  });
});

describe("revenueSeries", () => {
  it("gives every bucket per currency, zeros included, never mixing currencies", () => {
    const records = [rec("2026-06-01T10:00:00Z", 10), rec("2026-06-01T11:00:00Z", 0.1), rec("2026-06-03T10:00:00Z", 0.2), rec("2026-06-02T10:00:00Z", 7, "usd"), rec("2026-06-03T10:00:00Z", 1, null)];
    // One expected series per currency over the same three days: [amount, count] for each day in turn.
    const days = ["2026-06-01", "2026-06-02", "2026-06-03"];
    const expected = (currency: string, amount: number, count: number, perDay: [number, number][]) => ({
      currency,
      amount,
      count,
      points: perDay.map(([a, c], i) => ({ bucket: days[i], amount: a, count: c })),
    });
    expect(series(records, "2026-06-01", "2026-06-03", "day", "UTC")).toEqual([
      expected("brl", 10.3, 3, [[10.1, 2], [0, 0], [0.2, 1]]),
      expected("unknown", 1, 1, [[0, 0], [0, 0], [1, 1]]),
      expected("usd", 7, 1, [[0, 0], [7, 1], [0, 0]]),
    ]);
  });

  it("groups records without currency under the fallback", () => {
    const out = series([rec("2026-06-01T10:00:00Z", 1, null), rec("2026-06-01T10:00:00Z", 2, "")], "2026-06-01", "2026-06-01", "day", "UTC", "eur");
    expect(out.map((s) => [s.currency, s.amount, s.count])).toEqual([["eur", 3, 2]]);
  });

  it("leaves out records outside the local range and records without a date", () => {
    const records = [rec("2026-06-01T02:59:59Z"), rec("2026-06-01T03:00:00Z"), rec("2026-07-01T02:59:59Z"), rec("2026-07-01T03:00:00Z"), { currency: "brl", at: "", amount: 5 }];
    const [s] = series(records, "2026-06-01", "2026-06-30", "day", "America/Sao_Paulo");
    expect(s!.count).toBe(2);
    expect(filled(s!)).toEqual({ "2026-06-01": 1, "2026-06-30": 1 });
  });

  it("places records near local midnight on the right local day on DST days", () => {
    const records = ["2026-03-28T22:59:59Z", "2026-03-28T23:00:00Z", "2026-03-29T21:59:59Z", "2026-03-29T22:00:00Z", "2026-10-24T22:00:00Z", "2026-10-25T22:59:59Z", "2026-10-25T23:00:00Z"].map((t) => rec(t));
    const [s] = series(records, "2026-03-28", "2026-10-26", "day", "Europe/Berlin");
    expect(filled(s!)).toEqual({ "2026-03-28": 1, "2026-03-29": 2, "2026-03-30": 1, "2026-10-25": 2, "2026-10-26": 1 });
    const ny = ["2026-03-08T04:59:59Z", "2026-03-08T05:00:00Z", "2026-03-09T03:59:59Z", "2026-03-09T04:00:00Z", "2026-11-01T04:00:00Z", "2026-11-02T04:59:59Z", "2026-11-02T05:00:00Z"].map((t) => rec(t));
    const [n] = series(ny, "2026-03-07", "2026-11-02", "day", "America/New_York");
    expect(filled(n!)).toEqual({ "2026-03-07": 1, "2026-03-08": 2, "2026-03-09": 1, "2026-11-01": 2, "2026-11-02": 1 });
  });

  it("has 25 hourly points on the Berlin fall-back day, the repeated hour in two", () => {
    const records = [rec("2026-10-25T00:30:00Z", 1), rec("2026-10-25T01:30:00Z", 2), rec("2026-10-25T01:59:59Z", 3), rec("2026-10-24T22:00:00Z", 4)];
    const [s] = series(records, "2026-10-25", "2026-10-25", "hour", "Europe/Berlin");
    expect(s!.points).toHaveLength(25);
    expect(s!.points.slice(0, 4)).toEqual([
      { bucket: "2026-10-25T00:00+02:00", amount: 4, count: 1 },
      { bucket: "2026-10-25T01:00+02:00", amount: 0, count: 0 },
      { bucket: "2026-10-25T02:00+02:00", amount: 1, count: 1 },
      { bucket: "2026-10-25T02:00+01:00", amount: 5, count: 2 },
    ]);
    const [spring] = series([rec("2026-03-29T00:59:59Z"), rec("2026-03-29T01:00:00Z")], "2026-03-29", "2026-03-29", "hour", "Europe/Berlin");
    expect(spring!.points).toHaveLength(23);
    expect(filled(spring!)).toEqual({ "2026-03-29T01:00+01:00": 1, "2026-03-29T03:00+02:00": 1 });
  });

  it("sums weeks and months by local time", () => {
    const records = [rec("2026-12-31T12:00:00Z", 1), rec("2027-01-03T23:30:00Z", 2), rec("2027-01-04T00:30:00Z", 4)];
    const [w] = series(records, "2026-12-28", "2027-01-10", "week", "Europe/Berlin");
    expect(w!.points).toEqual([
      { bucket: "2026-12-28", amount: 1, count: 1 },
      { bucket: "2027-01-04", amount: 6, count: 2 }, // Sunday 23:30 UTC is Monday in Berlin
    ]);
    const [m] = series(records, "2026-12-01", "2027-01-31", "month", "UTC");
    expect(m!.points).toEqual([
      { bucket: "2026-12", amount: 1, count: 1 },
      { bucket: "2027-01", amount: 6, count: 2 },
    ]);
  });

  it("sums 100,000 amounts of a cent or so exactly", () => {
    const records = Array.from({ length: 100_000 }, (_, i) => rec(`2026-06-${String((i % 30) + 1).padStart(2, "0")}T12:00:00Z`, 0.1));
    const [s] = series(records, "2026-06-01", "2026-06-30", "month", "UTC");
    expect(s!.points).toEqual([{ bucket: "2026-06", amount: 10_000, count: 100_000 }]);
  });

  it("agrees with bucketKey for every record, in zones with odd offsets and changes", () => {
    // A deterministic spread of instants over 2026, including ones exactly on the hour.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const start = Date.parse("2026-01-01T00:00:00Z");
    const instants = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? start + (next() % 8760) * 3_600_000 : start + (next() % 31_536_000) * 1000));
    const zones = ["UTC", "Europe/Berlin", "America/New_York", "America/Sao_Paulo", "America/Santiago", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "Europe/London"];
    for (const timeZone of zones) {
      for (const granularity of ["hour", "day", "week", "month"] as const) {
        const records = instants.map((ms) => rec(new Date(ms).toISOString().replace(".000Z", "Z")));
        // Records of the first/last local hours of the year may fall outside the local range.
        const inRange = records.filter((r) => inLocalRange(r.at, "2026-01-01", "2026-12-31", timeZone));
        const expected = new Map<string, number>();
        for (const r of inRange) {
          const key = bucketKey(r.at, granularity, timeZone);
          expected.set(key, (expected.get(key) ?? 0) + 1);
        }
        const [s] = series(records, "2026-01-01", "2026-12-31", granularity, timeZone);
        expect(s!.count, `${timeZone} ${granularity}`).toBe(inRange.length);
        expect(inRange.length).toBeGreaterThan(2900);
        expect(new Set(s!.points.filter((p) => p.count > 0).map((p) => p.bucket))).toEqual(new Set(expected.keys()));
        for (const p of s!.points) if (p.count > 0) expect(p.count, `${timeZone} ${granularity} ${p.bucket}`).toBe(expected.get(p.bucket));
      }
    }
  });
});

describe("utcFetchWindow", () => {
  it("covers the UTC days the local days spill into", () => {
    expect(utcFetchWindow("2026-06-01", "2026-06-30", "America/Sao_Paulo")).toEqual({ from: "2026-06-01", to: "2026-07-01" });
    expect(utcFetchWindow("2026-06-01", "2026-06-30", "Asia/Tokyo")).toEqual({ from: "2026-05-31", to: "2026-06-30" });
    expect(utcFetchWindow("2026-06-01", "2026-06-30", "UTC")).toEqual({ from: "2026-06-01", to: "2026-06-30" });
    expect(utcFetchWindow("2026-03-29", "2026-03-29", "Europe/Berlin")).toEqual({ from: "2026-03-28", to: "2026-03-29" });
    // London is at UTC+0 in winter: its winter days are UTC days.
    expect(utcFetchWindow("2026-01-10", "2026-01-11", "Europe/London")).toEqual({ from: "2026-01-10", to: "2026-01-11" });
    expect(utcFetchWindow("2026-06-10", "2026-06-11", "Europe/London")).toEqual({ from: "2026-06-09", to: "2026-06-11" });
  });

  it("refuses a reversed range", () => {
    expect(() => utcFetchWindow("2026-06-02", "2026-06-01", "UTC")).toThrow(RangeError);
  });
});

describe("inLocalRange", () => {
  it("tests the local day, both ends inclusive", () => {
    expect(inLocalRange("2026-07-01T02:59:59Z", "2026-06-01", "2026-06-30", "America/Sao_Paulo")).toBe(true);
    expect(inLocalRange("2026-07-01T03:00:00Z", "2026-06-01", "2026-06-30", "America/Sao_Paulo")).toBe(false);
    expect(inLocalRange("2026-06-01T02:59:59Z", "2026-06-01", "2026-06-30", "America/Sao_Paulo")).toBe(false);
    expect(inLocalRange("2026-06-01T03:00:00Z", "2026-06-01", "2026-06-30", "America/Sao_Paulo")).toBe(true);
    expect(inLocalRange("2026-10-25T22:59:59Z", "2026-10-25", "2026-10-25", "Europe/Berlin")).toBe(true);
    expect(inLocalRange("2026-10-24T21:59:59Z", "2026-10-25", "2026-10-25", "Europe/Berlin")).toBe(false);
    expect(inLocalRange("2020-01-01T00:00:00Z", "2026-10-25", "2026-10-25", "Europe/Berlin")).toBe(false);
    expect(inLocalRange("not a date", "2026-10-25", "2026-10-25", "Europe/Berlin")).toBe(false);
  });

  it("answers the same through localRangeTest", () => {
    const test = localRangeTest("2026-03-29", "2026-03-29", "Europe/Berlin");
    expect(["2026-03-28T22:59:59Z", "2026-03-28T23:00:00Z", "2026-03-29T21:59:59Z", "2026-03-29T22:00:00Z"].map(test)).toEqual([false, true, true, false]);
  });
});

describe("inLocalRange with several ranges in turn", () => {
  it("answers each range correctly when calls alternate between them", () => {
    const ranges = [
      ["2026-06-01", "2026-06-30", "America/Sao_Paulo"],
      ["2025-06-02", "2025-07-01", "America/Sao_Paulo"],
      ["2026-06-01", "2026-06-30", "Asia/Tokyo"],
      ["2026-03-29", "2026-03-29", "Europe/Berlin"],
      ["2026-06-01", "2026-06-30", "UTC"],
    ] as const;
    const at = "2026-06-30T23:30:00Z"; // 20:30 on the 30th in Sao Paulo, 08:30 on 1 July in Tokyo
    for (let round = 0; round < 3; round++) {
      expect(ranges.map(([from, to, tz]) => inLocalRange(at, from, to, tz))).toEqual([true, false, false, false, true]);
    }
  });
});
