// Whether a comparison period reaches back before the account had any data. The contract
// gives no account start date, so it is read from the records: a comparison period whose
// leading stretch without any record is longer than every quiet spell the data itself shows
// (and longer than a week) started before the data did. Comparing two years of sales with one
// day of them would otherwise show "+58,333%".
import { parseDay, formatDay, type IsoDay } from "@/lib/calendar";
import type { DayRange } from "./compare";

const MIN_LEADING_GAP_DAYS = 7;

/**
 * The first day with data of the comparison period when the period starts before the data
 * does; null when the period is covered, or when it holds no record at all (that is "no data").
 * `previousDays` and `currentDays` are the days (YYYY-MM-DD) of the two periods' records.
 */
export function comparisonDataStart(comparison: DayRange, previousDays: Iterable<string>, currentDays: Iterable<string>): IsoDay | null {
  const start = parseDay(comparison.from);
  // A report hands in a timestamp per record (hundreds of thousands): each distinct day is parsed once.
  const parsed = new Map<string, number>();
  const dayOf = (timestamp: string): number => {
    const day = timestamp.slice(0, 10);
    let n = parsed.get(day);
    if (n === undefined) parsed.set(day, (n = parseDay(day)));
    return n;
  };
  const days = new Set<number>();
  let first = Infinity;
  for (const day of previousDays) {
    const n = dayOf(day);
    if (n < start) continue;
    days.add(n);
    first = Math.min(first, n);
  }
  if (first === Infinity) return null;
  for (const day of currentDays) days.add(dayOf(day));
  const sorted = [...days].sort((a, b) => a - b);
  let longestQuiet = 0;
  for (let i = 1; i < sorted.length; i++) longestQuiet = Math.max(longestQuiet, sorted[i]! - sorted[i - 1]! - 1);
  const leading = first - start;
  return leading > Math.max(MIN_LEADING_GAP_DAYS, longestQuiet) ? formatDay(first) : null;
}
