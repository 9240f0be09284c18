// The payout calendar's columns read as two day ranges and put together (concatPayoutColumns)
// are the columns one builder makes of all the rows: the newer range first, a purchase already
// there skipped, the product and currency indices those of the first sight.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concatPayoutColumns, PayoutColumnsBuilder, type PayoutSaleInput } from "@/lib/records/payout-columns";

const sale = fc.record({
  purchaseId: fc.integer({ min: 1, max: 40 }),
  soldMs: fc.oneof(fc.integer({ min: 0, max: 1e12 }), fc.constant(NaN)),
  availableMs: fc.oneof(fc.integer({ min: 0, max: 1e12 }), fc.constant(NaN)),
  creatorNet: fc.integer({ min: -500, max: 50_000 }),
  affiliationNet: fc.integer({ min: 0, max: 5_000 }),
  transaction: fc.integer({ min: 0, max: 60_000 }),
  refunded: fc.integer({ min: 0, max: 60_000 }),
  product: fc.constantFrom("", "Course", "Book", "Kit"),
  currency: fc.constantFrom("brl", "usd", "unknown"),
}) satisfies fc.Arbitrary<PayoutSaleInput>;

const columnsOf = (rows: readonly PayoutSaleInput[]) => {
  const builder = new PayoutColumnsBuilder();
  for (const row of rows) builder.push(row);
  return builder.done();
};

describe("the payout calendar's columns of two day ranges", () => {
  it("are the columns of all the rows, newer first", () => {
    fc.assert(
      fc.property(fc.array(sale, { maxLength: 30 }), fc.array(sale, { maxLength: 60 }), (newer, older) => {
        expect(concatPayoutColumns(columnsOf(newer), columnsOf(older))).toEqual(columnsOf([...newer, ...older]));
      }),
      { numRuns: 300 },
    );
  });
});
