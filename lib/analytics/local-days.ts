// Local calendar days of a time zone against the API's UTC days. The API filters by whole
// UTC days, so a report of local days must fetch the UTC days its edges spill into.
import { DAY_MS, formatDay, parseDay, type IsoDay } from "@/lib/calendar";
import { toMs } from "@/lib/timestamps";
import { assertTimeZone, offsetMsAt, ZoneOffsets } from "./zone-offsets";

type OffsetAt = Pick<ZoneOffsets, "offsetAt">;

/**
 * The first instant (epoch ms) of a local day. Usually local midnight; when the clocks
 * jump forward at midnight (America/Santiago in September) midnight does not exist and the
 * day starts at the jump; when they fall back across midnight, the first midnight counts.
 */
export function localDayStartMs(dayNumber: number, zone: OffsetAt): number {
  const midnight = dayNumber * DAY_MS; // local midnight read as if it were UTC
  const before = zone.offsetAt(midnight - DAY_MS);
  const after = zone.offsetAt(midnight + DAY_MS);
  const early = midnight - Math.max(before, after);
  const late = midnight - Math.min(before, after);
  for (const candidate of early === late ? [early] : [early, late]) {
    if (candidate + zone.offsetAt(candidate) === midnight) return candidate;
  }
  // Midnight falls in a gap: the day starts at the first instant whose local time is past it.
  let lo = early;
  let hi = late;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (mid + zone.offsetAt(mid) >= midnight) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Offsets over local days [from, to] with a margin for the ±14 h a zone can be away from UTC. */
export function zoneForDays(fromDay: number, toDay: number, timeZone: string): ZoneOffsets {
  return new ZoneOffsets(timeZone, (fromDay - 2) * DAY_MS, (toDay + 3) * DAY_MS);
}

/** Asks the runtime at each call: cheaper than a span's table when only a few instants matter. */
function directZone(timeZone: string): OffsetAt {
  assertTimeZone(timeZone);
  return { offsetAt: (ms) => offsetMsAt(timeZone, ms) };
}

function dayRange(fromLocalDay: IsoDay, toLocalDay: IsoDay): [number, number] {
  const from = parseDay(fromLocalDay);
  const to = parseDay(toLocalDay);
  if (from > to) throw new RangeError(`the range starts (${fromLocalDay}) after it ends (${toLocalDay})`);
  return [from, to];
}

/**
 * The UTC days, both inclusive, that hold every instant of the local days [from, to]: the
 * window to fetch (by the filter column) before bucketing by local day. Sao Paulo (UTC−3)
 * spills into the UTC day after `to`; Berlin or Tokyo into the UTC day before `from`.
 */
export function utcFetchWindow(fromLocalDay: IsoDay, toLocalDay: IsoDay, timeZone: string): { from: IsoDay; to: IsoDay } {
  const [from, to] = dayRange(fromLocalDay, toLocalDay);
  const zone = directZone(timeZone);
  const startMs = localDayStartMs(from, zone);
  const endMs = localDayStartMs(to + 1, zone); // exclusive
  return { from: formatDay(Math.floor(startMs / DAY_MS)), to: formatDay(Math.floor((endMs - 1) / DAY_MS)) };
}

/**
 * A test of "falls on one of the local days [from, to] of the zone", for many records: the
 * zone's offsets are read once for the range, not once per record.
 */
export function localRangeTest(from: IsoDay, to: IsoDay, timeZone: string): (timestamp: string | number | Date) => boolean {
  const [fromDay, toDay] = dayRange(from, to);
  const zone = zoneForDays(fromDay, toDay, timeZone);
  // No zone is a day away from UTC: anything further out is outside without asking the zone.
  const lowMs = (fromDay - 1) * DAY_MS;
  const highMs = (toDay + 2) * DAY_MS;
  return (timestamp) => {
    const ms = toMs(timestamp);
    if (!(ms >= lowMs && ms < highMs)) return false;
    const day = Math.floor((ms + zone.offsetAt(ms)) / DAY_MS);
    return day >= fromDay && day <= toDay;
  };
}

// Callers filter thousands of records with a range or two (a period and its comparison):
// the tests of the last few ranges are kept, newest last.
type RangeTest = { key: string; test: (timestamp: string | number | Date) => boolean };
const recentRanges: RangeTest[] = [];
const KEPT_RANGES = 4;

/** Whether a timestamp falls on one of the local days [from, to] (inclusive) of the zone. */
export function inLocalRange(timestamp: string | number | Date, from: IsoDay, to: IsoDay, timeZone: string): boolean {
  const key = `${from}|${to}|${timeZone}`;
  let entry = recentRanges[recentRanges.length - 1];
  if (entry?.key !== key) {
    const i = recentRanges.findIndex((r) => r.key === key);
    entry = i >= 0 ? recentRanges.splice(i, 1)[0]! : { key, test: localRangeTest(from, to, timeZone) };
    recentRanges.push(entry);
    if (recentRanges.length > KEPT_RANGES) recentRanges.shift();
  }
  return entry.test(timestamp);
}
