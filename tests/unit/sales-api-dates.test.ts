import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dayOfTimestamp, daysBetween, isoDay, parseIsoDay, shiftDay } from "@/lib/calendar";

// The results must not depend on the server's time zone. Node re-reads TZ when it is
// assigned, so each test pins it and the original is restored afterwards.
const originalTz = process.env.TZ;

function restoreTz(): void {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
}

beforeEach(() => {
  process.env.TZ = "UTC";
});
afterEach(restoreTz);

describe("parseIsoDay", () => {
  it("accepts a real day and returns its 00:00 UTC", () => {
    expect(parseIsoDay("2026-02-01")?.getTime()).toBe(Date.UTC(2026, 1, 1));
    expect(parseIsoDay("2026-12-31")?.getTime()).toBe(Date.UTC(2026, 11, 31));
  });

  it("accepts the leap day of a leap year", () => {
    expect(parseIsoDay("2028-02-29")?.getTime()).toBe(Date.UTC(2028, 1, 29));
  });

  it.each([
    ["2026-02-30", "a day that does not exist"],
    ["2027-02-29", "a leap day in a common year"],
    ["2026-04-31", "the 31st of a 30-day month"],
    ["2026-13-01", "month 13"],
    ["2026-00-10", "month 0"],
    ["2026-01-00", "day 0"],
    ["2026-2-1", "missing zero padding"],
    ["2026-02-1", "missing zero padding on the day"],
    ["2026-02-01T00:00:00Z", "a timestamp"],
    ["2026-02-01T10:00", "a local date-time"],
    [" 2026-02-01", "leading space"],
    ["2026-02-01 ", "trailing space"],
    ["2026/02/01", "slashes"],
    ["20260201", "the basic format"],
    ["", "an empty string"],
  ])("rejects %s (%s)", (text) => {
    expect(parseIsoDay(text)).toBeUndefined();
  });

  // A date-only string must mean midnight UTC whatever the server's time zone (date-fns'
  // parseISO would read it as local midnight).
  it("accepts real days when the server runs east of UTC (Europe/Berlin)", () => {
    process.env.TZ = "Europe/Berlin";
    expect(parseIsoDay("2026-02-01")?.getTime()).toBe(Date.UTC(2026, 1, 1));
  });

  it("returns 00:00 UTC when the server runs west of UTC (America/New_York)", () => {
    process.env.TZ = "America/New_York";
    expect(parseIsoDay("2028-02-29")?.getTime()).toBe(Date.UTC(2028, 1, 29));
  });
});

describe("isoDay", () => {
  it("formats the UTC day of an instant", () => {
    expect(isoDay(new Date(Date.UTC(2026, 4, 31, 23, 59, 59)))).toBe("2026-05-31");
    expect(isoDay(new Date(Date.UTC(2026, 5, 1, 0, 0, 0)))).toBe("2026-06-01");
  });

  it("uses the UTC day even when the server runs in another time zone", () => {
    process.env.TZ = "Pacific/Kiritimati"; // UTC+14
    expect(isoDay(new Date(Date.UTC(2026, 4, 31, 12)))).toBe("2026-05-31");
    process.env.TZ = "Pacific/Pago_Pago"; // UTC-11
    expect(isoDay(new Date(Date.UTC(2026, 4, 31, 1)))).toBe("2026-05-31");
  });
});

describe("shiftDay", () => {
  it.each([
    ["moves within a month", "2026-05-10", +5, "2026-05-15"],
    ["moves within a month", "2026-05-10", -9, "2026-05-01"],
    ["moves within a month", "2026-05-10", 0, "2026-05-10"],
    ["crosses month ends both ways", "2026-01-31", +1, "2026-02-01"],
    ["crosses month ends both ways", "2026-03-01", -1, "2026-02-28"],
    ["crosses month ends both ways", "2026-04-30", +1, "2026-05-01"],
    ["crosses year ends both ways", "2026-12-31", +1, "2027-01-01"],
    ["crosses year ends both ways", "2027-01-01", -1, "2026-12-31"],
    ["crosses year ends both ways", "2026-12-25", +10, "2027-01-04"],
    ["knows the leap day", "2028-02-28", +1, "2028-02-29"],
    ["knows the leap day", "2028-03-01", -1, "2028-02-29"],
    ["knows the leap day", "2027-02-28", +1, "2027-03-01"],
    ["moves by large amounts", "2026-01-01", +365, "2027-01-01"],
    ["moves by large amounts", "2028-01-01", +366, "2029-01-01"],
    ["moves by large amounts", "2027-01-01", -90, "2026-10-03"],
  ])("%s: shiftDay(%s, %i) is %s", (_what, day, days, expected) => {
    expect(shiftDay(day, days)).toBe(expected);
  });

  it.each([
    ["Europe/Berlin", "2026-03-29", +1, "2026-03-30"],
    ["Europe/Berlin", "2026-03-28", +2, "2026-03-30"],
    ["Europe/Berlin", "2026-10-26", -1, "2026-10-25"],
    ["America/New_York", "2026-03-08", +1, "2026-03-09"],
    ["America/New_York", "2026-11-02", -1, "2026-11-01"],
  ])("is not shifted by daylight saving time of the server's zone (%s): shiftDay(%s, %i) is %s", (tz, day, days, expected) => {
    process.env.TZ = tz;
    expect(shiftDay(day, days)).toBe(expected);
  });
});

describe("daysBetween", () => {
  it.each([
    ["is b − a in days, signed", "2026-05-01", "2026-05-31", 30],
    ["is b − a in days, signed", "2026-05-31", "2026-05-01", -30],
    ["is b − a in days, signed", "2026-05-01", "2026-05-01", 0],
    ["counts across months, years and the leap day", "2026-01-01", "2027-01-01", 365],
    ["counts across months, years and the leap day", "2028-01-01", "2029-01-01", 366],
    ["counts across months, years and the leap day", "2028-02-28", "2028-03-01", 2],
    ["counts across months, years and the leap day", "2027-02-28", "2027-03-01", 1],
  ])("%s: daysBetween(%s, %s) is %i", (_what, a, b, expected) => {
    expect(daysBetween(a, b)).toBe(expected);
  });

  it("is the inverse of shiftDay", () => {
    for (const n of [-400, -91, -1, 0, 1, 59, 90, 731]) expect(daysBetween("2027-12-15", shiftDay("2027-12-15", n))).toBe(n);
  });

  it.each([
    ["2026-03-28", "2026-03-30", 2],
    ["2026-10-24", "2026-10-26", 2],
    ["2026-01-01", "2027-01-01", 365],
  ])("is not changed by daylight saving time of the server's zone (Europe/Berlin): daysBetween(%s, %s) is %i", (a, b, expected) => {
    process.env.TZ = "Europe/Berlin";
    expect(daysBetween(a, b)).toBe(expected);
  });
});

describe("dayOfTimestamp", () => {
  it.each([
    ["gives the UTC day of a Z timestamp at the last second of a day", "2026-05-31T23:59:59Z", "2026-05-31"],
    ["gives the UTC day of a Z timestamp at the last second of a day", "2026-05-31T23:59:59.999Z", "2026-05-31"],
    ["gives the UTC day of a Z timestamp at the last second of a day", "2026-06-01T00:00:00Z", "2026-06-01"],
    ["converts offsets to UTC before taking the day", "2026-06-01T01:00:00+02:00", "2026-05-31"],
    ["converts offsets to UTC before taking the day", "2026-06-01T02:00:00+02:00", "2026-06-01"],
    ["converts offsets to UTC before taking the day", "2026-05-31T22:30:00-02:00", "2026-06-01"],
    ["converts offsets to UTC before taking the day", "2027-01-01T00:30:00+01:00", "2026-12-31"],
  ])("%s: %s is on %s", (_what, timestamp, expected) => {
    expect(dayOfTimestamp(timestamp)).toBe(expected);
  });

  it.each([
    ["Asia/Tokyo", "2026-05-31T23:59:59Z", "2026-05-31"],
    ["America/Los_Angeles", "2026-06-01T00:00:01Z", "2026-06-01"],
  ])("is independent of the server's time zone (%s): %s is on %s", (tz, timestamp, expected) => {
    process.env.TZ = tz;
    expect(dayOfTimestamp(timestamp)).toBe(expected);
  });
});
