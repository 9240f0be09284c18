// Which buckets a time axis offers recharts as tick candidates. Left alone, recharts formats
// and measures the label of every bucket (730 for two years by day, in the DOM) to pick the
// few that fit, and that measuring was most of a long task of a chart's mount
// (docs/benchmarks.md, "Long tasks"). Offered evenly spaced candidates, always with the last
// bucket, it measures only those and still drops the ones that do not fit. The line itself
// keeps every point.
export const MAX_TICK_CANDIDATES = 24;

/**
 * Undefined (recharts' own choice, as before) up to twice `max` buckets (two years by month, a
 * quarter by week); otherwise at most `max` of them, evenly spaced, ending with the last.
 */
export function tickCandidates<T>(buckets: readonly T[], max = MAX_TICK_CANDIDATES): T[] | undefined {
  if (buckets.length <= 2 * max) return undefined;
  const step = Math.ceil(buckets.length / max);
  const picked: T[] = [];
  for (let i = buckets.length - 1; i >= 0; i -= step) picked.push(buckets[i]!);
  return picked.reverse();
}
