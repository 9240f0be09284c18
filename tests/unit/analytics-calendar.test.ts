import { describe, expect, it } from "vitest";
import { civilFromDays, daysFromCivil, formatDay, formatOffset, mondayOf, parseDay } from "@/lib/calendar";
import { localDayStartMs } from "@/lib/analytics/local-days";
import { timestampMs } from "@/lib/timestamps";
import { assertTimeZone, ZoneOffsets } from "@/lib/analytics/zone-offsets";

describe("calendar days as numbers", () => {
  it("agrees with Date.UTC from 1900 to 2100", () => {
    for (let day = daysFromCivil(1900, 1, 1); day <= daysFromCivil(2100, 12, 31); day += 17) {
      const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
      expect(formatDay(day)).toBe(iso);
      const [y, m, d] = civilFromDays(day);
      expect(Date.UTC(y, m - 1, d) / 86_400_000).toBe(day);
      expect(parseDay(iso)).toBe(day);
    }
  });

  it("refuses days that do not exist", () => {
    for (const bad of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-6-1", "20260601", ""]) expect(() => parseDay(bad)).toThrow(RangeError);
    expect(parseDay("2024-02-29")).toBe(daysFromCivil(2024, 2, 29));
  });

  it("finds the Monday of the ISO week", () => {
    expect(formatDay(mondayOf(parseDay("2027-01-03")))).toBe("2026-12-28"); // Sunday
    expect(formatDay(mondayOf(parseDay("2027-01-04")))).toBe("2027-01-04"); // Monday
    expect(formatDay(mondayOf(parseDay("1969-12-31")))).toBe("1969-12-29"); // before the epoch
  });

  it("writes offsets", () => {
    expect([0, 3_600_000, -10_800_000, 20_700_000, -34_200_000].map(formatOffset)).toEqual(["+00:00", "+01:00", "-03:00", "+05:45", "-09:30"]);
  });
});

describe("timestampMs", () => {
  it("agrees with Date.parse on the API's format", () => {
    let seed = 3;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const ms = Date.UTC(2019, 0, 1) + (seed % (10 * 365 * 86_400)) * 1000;
      const text = new Date(ms).toISOString().replace(".000Z", "Z");
      expect(timestampMs(text)).toBe(ms);
    }
  });

  it("reads other ISO shapes through Date.parse, and a missing zone as UTC", () => {
    expect(timestampMs("2026-06-15T12:00:00.250Z")).toBe(Date.UTC(2026, 5, 15, 12, 0, 0, 250));
    expect(timestampMs("2026-06-15T12:00:00+02:00")).toBe(Date.UTC(2026, 5, 15, 10));
    expect(timestampMs("2026-06-15T12:00:00")).toBe(Date.UTC(2026, 5, 15, 12));
    expect(timestampMs("2026-06-15")).toBe(Date.UTC(2026, 5, 15));
  });

  it("is NaN for what is not a real instant", () => {
    for (const bad of ["2026-02-30T10:00:00Z", "2026-06-15T24:00:00Z", "2026-06-15T12:60:00Z", "2026-13-01T00:00:00Z", "2026-06-15T1a:00:00Z", "2026/06/15T12:00:00Z", "soon"]) {
      expect(timestampMs(bad), bad).toBeNaN();
    }
    // A valid date right after an invalid one is still read (the day cache is not fooled).
    expect(timestampMs("2026-02-28T10:00:00Z")).toBe(Date.UTC(2026, 1, 28, 10));
    expect(timestampMs("2024-02-29T10:00:00Z")).toBe(Date.UTC(2024, 1, 29, 10));
  });
});

describe("zone offsets", () => {
  it("finds Berlin's changes of 2026 to the millisecond", () => {
    const zone = new ZoneOffsets("Europe/Berlin", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    const spring = Date.UTC(2026, 2, 29, 1);
    const autumn = Date.UTC(2026, 9, 25, 1);
    expect(zone.nextChangeAfter(Date.UTC(2026, 0, 1))).toBe(spring);
    expect(zone.nextChangeAfter(spring)).toBe(autumn);
    expect(zone.nextChangeAfter(autumn)).toBe(Infinity);
    expect(zone.offsetAt(spring - 1)).toBe(3_600_000);
    expect(zone.offsetAt(spring)).toBe(7_200_000);
    expect(zone.offsetAt(autumn - 1)).toBe(7_200_000);
    expect(zone.offsetAt(autumn)).toBe(3_600_000);
    expect(zone.offsetAt(Date.UTC(2030, 6, 1))).toBe(7_200_000); // outside the span: asked directly
  });

  it("has no change in a fixed zone", () => {
    const zone = new ZoneOffsets("America/Sao_Paulo", Date.UTC(2025, 0, 1), Date.UTC(2027, 0, 1));
    expect(zone.nextChangeAfter(Date.UTC(2025, 0, 1))).toBe(Infinity);
    expect(zone.offsetAt(Date.UTC(2026, 0, 1))).toBe(-10_800_000);
  });

  it("starts local days at midnight, or at the jump when midnight is skipped", () => {
    const day = (text: string) => parseDay(text);
    const berlin = new ZoneOffsets("Europe/Berlin", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(localDayStartMs(day("2026-03-29"), berlin)).toBe(Date.UTC(2026, 2, 28, 23));
    expect(localDayStartMs(day("2026-03-30"), berlin)).toBe(Date.UTC(2026, 2, 29, 22));
    const santiago = new ZoneOffsets("America/Santiago", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(localDayStartMs(day("2026-09-06"), santiago)).toBe(Date.UTC(2026, 8, 6, 4)); // 01:00 −03, midnight skipped
    expect(localDayStartMs(day("2026-04-05"), santiago)).toBe(Date.UTC(2026, 3, 5, 4)); // after the 25-hour 4 April
  });

  it("knows IANA names and fixed offsets, and nothing else", () => {
    expect(() => assertTimeZone("Europe/Berlin")).not.toThrow();
    expect(() => assertTimeZone("UTC")).not.toThrow();
    expect(() => assertTimeZone("+05:30")).not.toThrow();
    for (const bad of ["", "Europe/Nowhere", "GMT+25", "local"]) expect(() => assertTimeZone(bad), bad).toThrow(RangeError);
  });
});
