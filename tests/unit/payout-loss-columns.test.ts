import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lossColumnsOf, lossRowsOfColumns } from "@/lib/records/payout-loss-columns";

// The calendar's loss rows cross the threads as columns: read back, each row is the one given,
// its nulls (no sale, no date, no resolution) and flags included.
describe("the payout calendar's loss rows as columns", () => {
  it("gives back every row as it was", () => {
    const instant = fc.option(fc.integer({ min: 0, max: 4_102_444_800_000 }), { nil: null });
    const row = fc.record({ saleId: fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { nil: null }), at: instant, amountCents: fc.integer({ min: -1e9, max: 1e9 }), dispute: fc.boolean(), won: fc.boolean(), resolvedAt: instant });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 50 }), (rows) => {
        const columns = lossColumnsOf(rows);
        expect(columns.length).toBe(rows.length);
        expect(lossRowsOfColumns(columns)).toEqual(rows);
      }),
    );
  });
});
