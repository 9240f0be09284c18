// Maps instants to the buckets of a local-day range in O(1): the range is cut into 15-minute
// UTC slots, and each slot whose instants all share one bucket stores that bucket's index.
// Offsets of every zone in use today are whole quarter hours and change on quarter-hour UTC
// instants, so in practice every slot is uniform; a slot that is not (an old zone, a range
// edge) is marked and its records take the exact, slower path. No record is misplaced.
import { civilFromDays, DAY_MS, daysFromCivil, firstOfMonth, formatDay, formatMonth, formatOffset, HOUR_MS, mondayOf, pad2, parseDay, type IsoDay } from "@/lib/calendar";
import { localDayStartMs, zoneForDays } from "./local-days";
import type { ZoneOffsets } from "./zone-offsets";

import type { Granularity } from "@/lib/report-params/definitions";

export type { Granularity } from "@/lib/report-params/definitions";

const SLOT_MS = 15 * 60_000;
const MIXED = -2;

/** The key of the bucket holding a local time: "2026-03-29" (day; week: its Monday),
 *  "2026-03" (month), "2026-10-25T02:00+01:00" (hour, with the offset, so the hour a
 *  fall-back repeats is two buckets). */
export function localBucketKey(localMs: number, offsetMs: number, granularity: Granularity): string {
  const day = Math.floor(localMs / DAY_MS);
  switch (granularity) {
    case "day":
      return formatDay(day);
    case "week":
      return formatDay(mondayOf(day));
    case "month":
      return formatMonth(day);
    case "hour":
      return `${formatDay(day)}T${pad2(Math.floor((localMs - day * DAY_MS) / HOUR_MS))}:00${formatOffset(offsetMs)}`;
  }
}

/** Every bucket key of the local days [from, to], in time order, empty ones included. */
function keysOf(from: number, to: number, granularity: Granularity, zone: ZoneOffsets, startMs: number, endMs: number): string[] {
  const keys: string[] = [];
  if (granularity === "day") {
    for (let d = from; d <= to; d++) keys.push(formatDay(d));
  } else if (granularity === "week") {
    for (let d = mondayOf(from); d <= to; d += 7) keys.push(formatDay(d));
  } else if (granularity === "month") {
    for (let d = firstOfMonth(from); d <= to; ) {
      keys.push(formatMonth(d));
      const [y, m] = civilFromDays(d);
      d = m === 12 ? daysFromCivil(y + 1, 1, 1) : daysFromCivil(y, m + 1, 1);
    }
  } else {
    // Hours follow the zone's segments: within one the local hours are contiguous UTC hours;
    // at a change the clock jumps, so a spring-forward day has 23 and a fall-back day 25.
    for (let t = startMs; t < endMs; ) {
      const offset = zone.offsetAt(t);
      const segmentEnd = Math.min(zone.nextChangeAfter(t), endMs);
      for (let hour = Math.floor((t + offset) / HOUR_MS) * HOUR_MS; hour - offset < segmentEnd; hour += HOUR_MS) {
        const key = localBucketKey(hour, offset, "hour");
        if (key !== keys[keys.length - 1]) keys.push(key);
      }
      t = segmentEnd;
    }
  }
  return keys;
}

export interface BucketIndex {
  /** Bucket keys in time order. */
  readonly keys: readonly string[];
  /** First instant of the range and the instant after it (epoch ms). */
  readonly startMs: number;
  readonly endMs: number;
  /** Index into keys of the bucket holding the instant; -1 outside the range or for NaN. */
  indexOf(ms: number): number;
}

export function createBucketIndex(fromDay: IsoDay, toDay: IsoDay, granularity: Granularity, timeZone: string): BucketIndex {
  const from = parseDay(fromDay);
  const to = parseDay(toDay);
  if (from > to) throw new RangeError(`the range starts (${fromDay}) after it ends (${toDay})`);
  const zone = zoneForDays(from, to, timeZone);
  const startMs = localDayStartMs(from, zone);
  const endMs = localDayStartMs(to + 1, zone);
  const keys = keysOf(from, to, granularity, zone, startMs, endMs);
  const indexOfKey = new Map(keys.map((k, i) => [k, i]));

  const slow = (ms: number): number => {
    const offset = zone.offsetAt(ms);
    return indexOfKey.get(localBucketKey(ms + offset, offset, granularity)) ?? -1;
  };

  const firstSlot = Math.floor(startMs / SLOT_MS);
  const slots = new Int32Array(Math.ceil(endMs / SLOT_MS) - firstSlot).fill(MIXED);
  // A bucket is fixed by its local day (or local hour and offset): remember the last one so
  // the 96 slots of a day build one key string, not 96.
  const unit = granularity === "hour" ? HOUR_MS : DAY_MS;
  let lastUnit = NaN;
  let lastOffset = NaN;
  let lastIndex = -1;
  for (let s = 0; s < slots.length; s++) {
    const a = (firstSlot + s) * SLOT_MS;
    const b = a + SLOT_MS - 1;
    if (a < startMs || b >= endMs || zone.nextChangeAfter(a) <= b) continue;
    const offset = zone.offsetAt(a);
    const u = Math.floor((a + offset) / unit);
    if (u !== Math.floor((b + offset) / unit)) continue;
    if (u !== lastUnit || offset !== lastOffset) {
      lastUnit = u;
      lastOffset = offset;
      lastIndex = indexOfKey.get(localBucketKey(a + offset, offset, granularity)) ?? -1;
    }
    slots[s] = lastIndex;
  }

  return {
    keys,
    startMs,
    endMs,
    indexOf(ms: number): number {
      if (!(ms >= startMs && ms < endMs)) return -1;
      const index = slots[Math.floor(ms / SLOT_MS) - firstSlot] as number;
      return index === MIXED ? slow(ms) : index;
    },
  };
}
