import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowsByTime } from "@/lib/analytics/time-order";

const DAY = 86_400_000;
// The oracle: the comparator sort the payout model used.
const oracle = (ms: ArrayLike<number>, rows: readonly number[]) => [...rows].sort((a, b) => ms[a]! - ms[b]! || a - b);

describe("rowsByTime", () => {
  it("property: the comparator's order, ties in row order, for instants over days (negative, repeated, within one day, years apart)", () => {
    const instant = fc.oneof(
      fc.integer({ min: 1_700_000_000_000, max: 1_700_000_000_000 + 3 * DAY }),
      fc.integer({ min: -5 * DAY, max: 5 * DAY }),
      fc.constantFrom(1_700_000_000_000, 1_700_006_400_000, 1_700_006_400_000 + DAY - 1),
      fc.integer({ min: 0, max: 2 ** 45 }),
    );
    fc.assert(
      fc.property(fc.array(instant, { maxLength: 300 }), fc.array(fc.boolean(), { maxLength: 300 }), (instants, skip) => {
        const ms = Float64Array.from(instants);
        const rows = instants.map((_, i) => i).filter((i) => !skip[i]);
        expect(Array.from(rowsByTime(ms, rows))).toEqual(oracle(ms, rows));
      }),
      { numRuns: 500 },
    );
  });

  it("instants that are not whole milliseconds, one row and none: the comparator's order", () => {
    const ms = Float64Array.from([5.5, 1.25, 5.5, -0.5, 1e12 + 0.1]);
    const rows = [0, 1, 2, 3, 4];
    expect(Array.from(rowsByTime(ms, rows))).toEqual(oracle(ms, rows));
    expect(Array.from(rowsByTime(ms, [2]))).toEqual([2]);
    expect(Array.from(rowsByTime(ms, []))).toEqual([]);
  });

  it("an instant thousands of years from the rest (a six-digit year) is sorted without a count per day of the span", () => {
    const ms = Float64Array.from([Date.parse("+275760-09-13T00:00:00Z"), 1_700_000_000_000, -1, 1_700_000_000_000]);
    const rows = [0, 1, 2, 3];
    const started = process.memoryUsage().arrayBuffers;
    expect(Array.from(rowsByTime(ms, rows))).toEqual(oracle(ms, rows));
    // The counting sort would have made arrays of ~10^8 days (hundreds of MiB).
    expect(process.memoryUsage().arrayBuffers - started).toBeLessThan(64 * 2 ** 20);
  });

  it("200,000 rows newest day first, a day's rows out of time order, come out as the comparator sorts them", () => {
    const n = 200_000;
    const ms = new Float64Array(n);
    for (let i = 0; i < n; i++) ms[i] = 1_700_000_000_000 - Math.floor(i / 1500) * DAY + ((i * 7919) % 1500) * 50_000 + (i % 3);
    const rows = Array.from({ length: n }, (_, i) => i);
    expect(rowsByTime(ms, rows)).toEqual(Int32Array.from(oracle(ms, rows)));
  });
});
