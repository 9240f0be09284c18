// Order statistics of durations. Both are exact values of the data (no interpolation
// beyond the usual two-middle mean of an even median), so a hand count reproduces them.

/** The middle value; for an even count, the mean of the two middle values. Null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Nearest-rank percentile: the smallest value with at least p% of the values at or below it
 * (the value at rank ⌈p/100 × n⌉ of the ascending list). Null when empty.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100]: ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

/** Minutes from one timestamp to another; null when either is missing, unreadable, or the
 *  second comes before the first (a record out of order is left out, not counted as 0). */
export function minutesBetween(fromMs: number, toMs: number): number | null {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs < fromMs) return null;
  return (toMs - fromMs) / 60_000;
}
