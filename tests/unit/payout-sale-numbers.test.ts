import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SaleNumbers } from "@/lib/analytics/payout-risk";

// The numbers of the sales a loss names answer as a map of their ids does, whatever the ids: the
// marks by slot only spare the map the ids it does not hold.
describe("SaleNumbers", () => {
  it("answers the map's number for any id, held or not (ids sharing a slot, negative, fractional, huge, not a number)", () => {
    const id = fc.oneof(fc.integer({ min: 0, max: 3 }).map((k) => 101_988_900_001 + k * 2 ** 20), fc.double({ noDefaultInfinity: false }), fc.integer(), fc.constantFrom(0, -0, NaN, 2 ** 20, -(2 ** 20)));
    fc.assert(
      fc.property(fc.array(id, { maxLength: 30 }), fc.array(id, { maxLength: 30 }), (held, asked) => {
        const numbers = new SaleNumbers();
        const map = new Map<number, number>();
        held.forEach((x, n) => {
          numbers.set(x, n);
          map.set(x, n);
        });
        for (const x of [...held, ...asked]) expect(numbers.numberOf(x)).toBe(map.get(x));
      }),
      { numRuns: 500 },
    );
  });
});
