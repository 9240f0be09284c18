// Issue #14: axes with round, even ticks (not R$0, 55k, 110k, 220k).
import { describe, expect, it } from "vitest";
import { maxOf, niceTicks } from "@/lib/charts/nice-ticks";

describe("niceTicks", () => {
  it("gives even round steps covering the max", () => {
    expect(niceTicks(198_000, 4)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(niceTicks(34_000, 4)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    expect(niceTicks(100, 4)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(7, 4)).toEqual([0, 2, 4, 6, 8]);
  });

  it("steps evenly and never leaves the max above the last tick", () => {
    for (const max of [1, 3.7, 12, 99, 101, 555, 1234.56, 9_999, 220_000, 4_700_000]) {
      const ticks = niceTicks(max, 4);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1).toBeLessThanOrEqual(4);
      const step = ticks[1]! - ticks[0]!;
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 2.5, 5]).toContain(Number(mantissa.toPrecision(6)));
      ticks.forEach((t, i) => expect(t).toBeCloseTo(i * step, 9));
    }
  });

  it("keeps small steps free of float drift", () => {
    expect(niceTicks(0.9, 3)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0.28, 3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("gives an axis to an empty series", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });

  it("maxOf skips nulls and reads several keys", () => {
    expect(maxOf([{ a: 1, b: null }, { a: 3, b: 7 }], ["a", "b"])).toBe(7);
    expect(maxOf([], ["a"] as never)).toBe(0);
  });
});
