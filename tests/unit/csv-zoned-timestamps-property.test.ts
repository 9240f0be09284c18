import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZoneOffsets } from "@/lib/analytics/zone-offsets";
import { intlTimestamp, timestampInZone } from "@/lib/csv/zoned-time";

// The CSV's zoned times are written with integer arithmetic over offsets read once a day
// (zoned-timestamps.ts); Intl per cell is the reference they must equal byte for byte, in every
// IANA zone the runtime knows, at any instant and on both sides of every DST change.
const ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone")];
const zone = fc.constantFrom(...ZONES);
// 1900-2100 mostly, where files live; the whole Date range too, where Intl must take over.
const instant = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }) },
  { weight: 1, arbitrary: fc.integer({ min: -8.64e15, max: 8.64e15 }) },
  { weight: 1, arbitrary: fc.double({ min: -1e13, max: 1e13, noNaN: true }) },
);

// Every offset change from 2000 to 2035 in 67 zones (every seventh the runtime knows, and
// zones with DST, half-hour or 45-minute offsets, or a change of standard time).
const EDGE_ZONES = ZONES.filter((_, i) => i % 7 === 0).concat(["America/Sao_Paulo", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata", "Pacific/Apia", "Africa/Casablanca", "America/Santiago"]);
const EDGES: [string, number][] = [];
for (const timeZone of EDGE_ZONES) {
  const offsets = new ZoneOffsets(timeZone, Date.UTC(2000, 0, 1), Date.UTC(2035, 0, 1));
  for (let at = offsets.nextChangeAfter(Date.UTC(2000, 0, 1)); at < Infinity; at = offsets.nextChangeAfter(at)) EDGES.push([timeZone, at]);
}

describe("CSV times in a zone without Intl per cell", () => {
  it("equal the Intl path at random instants in every zone", () => {
    fc.assert(
      fc.property(zone, instant, (timeZone, ms) => {
        expect(timestampInZone(ms, timeZone)).toBe(intlTimestamp(ms, timeZone));
      }),
      { numRuns: 5000 },
    );
  });

  it("equal the Intl path on both sides of every offset change, to the millisecond", () => {
    expect(EDGES.length).toBeGreaterThan(500);
    const delta = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -7_200_000, max: 7_200_000 }), fc.constantFrom(-3_600_000, -1_800_000, 1_800_000, 3_600_000));
    fc.assert(
      fc.property(fc.constantFrom(...EDGES), delta, ([timeZone, at], d) => {
        expect(timestampInZone(at + d, timeZone)).toBe(intlTimestamp(at + d, timeZone));
      }),
      { numRuns: 5000 },
    );
  });

  it("read the API's ISO timestamps as Date.parse does, invalid ones included", () => {
    const iso = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms - (ms % 1000)).toISOString().replace(".000Z", "Z"));
    const odd = fc.constantFrom("2026-02-30T10:00:00Z", "2026-02-29T10:00:00Z", "2024-02-29T24:00:00Z", "2026-13-01T00:00:00Z", "2026-05-03T12:15:00+02:00", "2026-05-03T12:15:00.5Z", "2026-05-03T12:15:00", "2026-05-03T99:15:00Z");
    fc.assert(
      fc.property(zone, fc.oneof(iso, odd), (timeZone, text) => {
        const ms = Date.parse(text);
        expect(timestampInZone(text, timeZone)).toBe(Number.isNaN(ms) ? text : intlTimestamp(ms, timeZone));
      }),
      { numRuns: 3000 },
    );
  });
});
