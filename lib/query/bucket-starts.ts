// The instants local buckets begin at, so a store can group rows by plain ranges of epoch
// milliseconds: DST and every zone's history are settled here, in JS, by the same bucket index
// the record engine places each record with (lib/analytics/bucket-index), so both agree.
import { createBucketIndex, type Granularity } from "@/lib/analytics/bucket-index";
import type { IsoDay } from "@/lib/calendar";

const SLOT_MS = 15 * 60_000;

export interface BucketBounds {
  keys: readonly string[];
  /** Bucket i holds [starts[i], starts[i + 1]) (the last up to endMs); an empty bucket is an empty range. */
  starts: number[];
  startMs: number;
  endMs: number;
}

/**
 * Walks the range a 15-minute slot at a time (every offset change in use today falls on one),
 * and finds a change inside a slot to the millisecond by bisection: buckets follow time, so
 * the index only ever grows.
 */
export function bucketBounds(from: IsoDay, to: IsoDay, granularity: Granularity, timeZone: string): BucketBounds {
  const index = createBucketIndex(from, to, granularity, timeZone);
  const { keys, startMs, endMs } = index;
  const starts: number[] = [];
  const enter = (bucket: number, at: number) => {
    while (starts.length <= bucket) starts.push(at);
  };
  let t = startMs;
  let current = index.indexOf(t);
  enter(current, t);
  while (t < endMs) {
    const next = Math.min((Math.floor(t / SLOT_MS) + 1) * SLOT_MS, endMs);
    if (next - 1 > t && index.indexOf(next - 1) !== current) {
      let lo = t + 1;
      let hi = next - 1;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        if (index.indexOf(mid) !== current) hi = mid;
        else lo = mid + 1;
      }
      current = index.indexOf(lo);
      enter(current, lo);
      t = lo;
      continue;
    }
    t = next;
    if (t < endMs && index.indexOf(t) !== current) {
      current = index.indexOf(t);
      enter(current, t);
    }
  }
  enter(keys.length - 1, endMs);
  return { keys, starts: starts.slice(0, keys.length), startMs, endMs };
}
