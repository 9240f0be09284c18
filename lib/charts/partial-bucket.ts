// Which buckets of a chart have happened: the one holding "now" is still filling (today's sales
// so far are not a collapse), and the ones after it have not happened yet, so they are not drawn
// as zeros. "Now" is the reader's clock; buckets are read in the report's zone.
import { bucketKey, type Granularity } from "@/lib/analytics/time-buckets";

export interface BucketClock { granularity: Granularity; timeZone: string; nowMs: number }

export interface ClippedSeries<P> {
  /** The points up to now: the future ones left out. */
  points: P[];
  /** Index in `points` of the bucket holding now; null when the range has ended. */
  partialIndex: number | null;
}

// A key's local start without its offset: "2026-06-15", "2026-06", "2026-06-15T12:00". Keys of
// one granularity compare in time order this way (the hour a fall-back repeats compares equal).
const localPart = (key: string) => key.slice(0, 16);

export function clipToNow<P extends { bucket: string }>(points: readonly P[], { granularity, timeZone, nowMs }: BucketClock): ClippedSeries<P> {
  const nowKey = bucketKey(nowMs, granularity, timeZone);
  const at = points.findIndex((p) => p.bucket === nowKey);
  if (at >= 0) return { points: points.slice(0, at + 1), partialIndex: at };
  const now = localPart(nowKey);
  return { points: points.filter((p) => localPart(p.bucket) < now), partialIndex: null };
}

/**
 * The rows a line chart draws: `value` on complete buckets, and `partialValue` on the last
 * complete bucket and the partial one, so the partial segment is drawn apart (dashed) and
 * joins the solid line.
 */
export function splitPartial<P extends { bucket: string }>(clipped: ClippedSeries<P>, valueOf: (p: P) => number | null): Array<P & { value: number | null; partialValue: number | null; partial: boolean }> {
  const { points, partialIndex } = clipped;
  return points.map((p, i) => {
    const v = valueOf(p);
    const partial = i === partialIndex;
    const joinsPartial = partialIndex !== null && (partial || i === partialIndex - 1);
    return { ...p, value: partial ? null : v, partialValue: joinsPartial ? v : null, partial };
  });
}
