import { describe, expect, it } from "vitest";
import { MAX_TICK_CANDIDATES, tickCandidates } from "@/lib/charts/axis-ticks";

const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2024, 5, 16 + i)).toISOString().slice(0, 10));

describe("tickCandidates", () => {
  it("leaves a short series to recharts (two years by month, a quarter by week)", () => {
    expect(tickCandidates(days(7))).toBeUndefined();
    expect(tickCandidates(days(25))).toBeUndefined();
    expect(tickCandidates(days(2 * MAX_TICK_CANDIDATES))).toBeUndefined();
  });

  it("offers at most 24 of two years' days, evenly spaced, ending with the last", () => {
    const all = days(730);
    const picked = tickCandidates(all)!;
    expect(picked.length).toBeLessThanOrEqual(MAX_TICK_CANDIDATES);
    expect(picked.length).toBeGreaterThanOrEqual(MAX_TICK_CANDIDATES - 1);
    expect(picked.at(-1)).toBe(all.at(-1));
    const at = picked.map((d) => all.indexOf(d));
    const gaps = new Set(at.slice(1).map((i, k) => i - at[k]!));
    expect([...gaps]).toEqual([Math.ceil(730 / MAX_TICK_CANDIDATES)]);
    // Only buckets of the series, in order.
    expect(at.every((i) => i >= 0)).toBe(true);
  });

  it("works for any length above the limit", () => {
    for (const n of [49, 90, 365, 731, 2000]) {
      const picked = tickCandidates(days(n))!;
      expect(picked.length).toBeLessThanOrEqual(MAX_TICK_CANDIDATES);
      expect(picked.at(-1)).toBe(days(n).at(-1));
    }
  });
});
