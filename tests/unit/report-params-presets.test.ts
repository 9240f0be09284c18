// The preset ranges without a date library (they run in the browser) give exactly the days the
// date-fns implementation gave, in every zone, around month ends, leap days and DST changes.
import { TZDate } from "@date-fns/tz";
import { format, startOfMonth, startOfQuarter, startOfYear, subDays, subMonths } from "date-fns";
import { describe, expect, it } from "vitest";
import { PRESETS, type Preset } from "@/lib/report-params/definitions";
import { litPresets, presetOfKey, presetRange, todayIn } from "@/lib/report-params/presets";

// The former implementation, kept here as the oracle.
const day = (d: Date) => format(d, "yyyy-MM-dd");
function oracle(preset: Preset, timeZone: string, now: Date): { from: string; to: string } {
  const today = new TZDate(now.getTime(), timeZone);
  const to = day(today);
  switch (preset) {
    case "today": return { from: to, to };
    case "yesterday": return { from: day(subDays(today, 1)), to: day(subDays(today, 1)) };
    case "last_7_days": return { from: day(subDays(today, 6)), to };
    case "last_30_days": return { from: day(subDays(today, 29)), to };
    case "last_90_days": return { from: day(subDays(today, 89)), to };
    case "this_month": return { from: day(startOfMonth(today)), to };
    case "last_month": return { from: day(startOfMonth(subMonths(today, 1))), to: day(subDays(startOfMonth(today), 1)) };
    case "this_quarter": return { from: day(startOfQuarter(today)), to };
    case "last_12_months": return { from: day(subDays(subMonths(today, 12), -1)), to };
    case "year_to_date": return { from: day(startOfYear(today)), to };
    case "last_two_years": return { from: day(subDays(today, 729)), to };
  }
}

const ZONES = ["UTC", "America/Sao_Paulo", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Australia/Lord_Howe"];
const INSTANTS = [
  "2024-02-29T12:00:00Z", "2024-03-01T02:30:00Z", "2025-03-31T23:59:59Z", "2025-12-31T23:30:00Z", "2026-01-01T00:30:00Z",
  "2026-03-08T07:30:00Z", "2026-03-29T01:30:00Z", "2026-05-31T22:00:00Z", "2026-06-15T12:00:00Z", "2026-10-25T00:59:00Z",
  "2026-11-01T05:59:00Z", "2027-02-28T23:00:00Z", "2028-02-29T00:00:00Z", "2028-03-31T10:00:00Z",
].map((s) => new Date(s));

describe("presetRange", () => {
  it("equals the date-fns implementation for every preset, zone and tricky instant", () => {
    for (const timeZone of ZONES) for (const now of INSTANTS) for (const preset of PRESETS) {
      expect(presetRange(preset, timeZone, now), `${preset} ${timeZone} ${now.toISOString()}`).toEqual(oracle(preset, timeZone, now));
    }
  });

  it("equals it on a year of hours in a zone with half-hour DST", () => {
    const start = Date.UTC(2026, 0, 1);
    for (let h = 0; h < 366 * 24; h += 7) {
      const now = new Date(start + h * 3_600_000);
      for (const preset of PRESETS) expect(presetRange(preset, "Australia/Lord_Howe", now)).toEqual(oracle(preset, "Australia/Lord_Howe", now));
    }
  });

  it("says today in the zone, and refuses a zone the runtime does not know", () => {
    expect(todayIn("Pacific/Kiritimati", new Date("2026-06-15T12:00:00Z"))).toBe("2026-06-16");
    expect(todayIn("Pacific/Pago_Pago", new Date("2026-06-15T08:00:00Z"))).toBe("2026-06-14");
    expect(() => todayIn("Not/A_Zone")).toThrow(RangeError);
  });
});

describe("litPresets and presetOfKey", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  it("lights every preset whose days equal the range, whatever the URL calls it", () => {
    expect([...litPresets("2026-06-09", "2026-06-15", "UTC", now)]).toEqual(["last_7_days"]);
    expect([...litPresets("2026-05-01", "2026-05-31", "UTC", now)]).toEqual(["last_month"]);
    expect([...litPresets("2026-05-02", "2026-05-31", "UTC", now)]).toEqual([]);
    // On July 1st, today is also this month and this quarter.
    expect([...litPresets("2026-07-01", "2026-07-01", "UTC", new Date("2026-07-01T12:00:00Z"))].sort()).toEqual(["this_month", "this_quarter", "today"]);
    // The zone's today: in Kiritimati it is already the 16th.
    expect([...litPresets("2026-06-16", "2026-06-16", "Pacific/Kiritimati", now)]).toContain("today");
  });
  it("takes a preset's letter in either case, so the buttons can show capitals", () => {
    expect(presetOfKey("l")).toBe("last_month");
    expect(presetOfKey("L")).toBe("last_month");
    expect(presetOfKey("1")).toBe("last_12_months");
    expect(presetOfKey("x")).toBeUndefined();
  });
});
