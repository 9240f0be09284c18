// The period a report is compared with, and the pairing of its buckets with the current
// ones for overlay charts (this week's Monday over last period's Monday).
import { formatDay, parseDay, type IsoDay } from "@/lib/calendar";
import type { BucketPoint } from "./time-buckets";

export type ComparisonMode = "previous" | "last_year";

export interface DayRange {
  from: IsoDay;
  to: IsoDay;
}

// 52 weeks rather than a calendar year: a Monday is compared with a Monday, and a
// weekday-heavy business does not show a fake swing because the weekdays shifted.
const LAST_YEAR_DAYS = 364;

/** previous: as many days, ending the day before `from`; last_year: the range 364 days earlier. */
export function comparisonRange(range: DayRange, mode: ComparisonMode): DayRange {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (from > to) throw new RangeError(`the range starts (${range.from}) after it ends (${range.to})`);
  const shift = mode === "previous" ? to - from + 1 : LAST_YEAR_DAYS;
  return { from: formatDay(from - shift), to: formatDay(to - shift) };
}

export interface AlignedPoint extends BucketPoint {
  /** The comparison bucket at the same position, or null when the comparison is shorter. */
  comparisonBucket: string | null;
  comparisonAmount: number | null;
  comparisonCount: number | null;
}

/** Pairs buckets by position; one point per current bucket, since the chart's axis is the current period. */
export function alignSeries(current: readonly BucketPoint[], comparison: readonly BucketPoint[]): AlignedPoint[] {
  return current.map((point, i) => {
    const other = comparison[i];
    return { ...point, comparisonBucket: other?.bucket ?? null, comparisonAmount: other?.amount ?? null, comparisonCount: other?.count ?? null };
  });
}
