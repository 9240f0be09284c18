import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowsOfNamed } from "@/lib/analytics/payout-sale-parts";

// The rows of the sales a loss names (payout-sale-parts.ts's rowsOfNamed): walked beside the named
// ids when the sales' ids fall all the way, looked up one by one otherwise; the same rows either way.
const lookedUp = (ids: Float64Array, named: ReadonlySet<number>) => {
  const rowOf = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) if (named.has(ids[i]!)) rowOf.set(ids[i]!, i);
  return rowOf;
};

describe("rowsOfNamed", () => {
  it("finds the rows an index of every id finds, in the same order, whether the ids fall all the way or not", () => {
    const idList = fc.uniqueArray(fc.integer({ min: 1, max: 2_000 }).map((n) => n * 1_000_003), { maxLength: 300 });
    fc.assert(
      fc.property(idList, fc.boolean(), fc.array(fc.integer({ min: 0, max: 2_100 }).map((n) => n * 1_000_003), { maxLength: 60 }), (list, falling, extra) => {
        const ids = Float64Array.from(falling ? [...list].sort((a, b) => b - a) : list);
        const named = new Set([...list.filter((_, i) => i % 3 === 0), ...extra]);
        expect([...rowsOfNamed(ids, named)]).toEqual([...lookedUp(ids, named)]);
      }),
      { numRuns: 200 },
    );
  });

  it("takes the last row of an id that comes twice (the ids then do not fall), as the index does", () => {
    const ids = Float64Array.of(9, 7, 9, 3);
    expect([...rowsOfNamed(ids, new Set([9, 3]))]).toEqual([[9, 2], [3, 3]]);
  });
});
