// Axis ticks a reader can add up in their head: 0, 50k, 100k, 150k rather than recharts' own
// 0, 55k, 110k, 220k. The step is 1, 2, 2.5 or 5 times a power of ten.
const STEPS = [1, 2, 2.5, 5, 10];

/**
 * Evenly spaced round ticks from 0 to at least `max`, about `count` intervals (never more).
 * A max of 0 or less (an empty series) still gives an axis: [0, 1].
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const intervals = Math.max(1, Math.floor(count));
  const raw = max / intervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.map((s) => s * power).find((s) => s * intervals >= max - 1e-9 * max) ?? 10 * power;
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  // Multiplying (not adding) keeps 0.1-steps free of float drift: 0.30000000000000004.
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** The largest value of the given keys over a chart's rows (nulls skipped), for niceTicks. */
export function maxOf<T>(rows: readonly T[], keys: ReadonlyArray<keyof T>): number {
  let max = 0;
  for (const row of rows) for (const key of keys) {
    const v = row[key];
    if (typeof v === "number" && v > max) max = v;
  }
  return max;
}
