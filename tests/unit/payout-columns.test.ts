// The payout calendar's columns, and its history read as two day ranges: the model's table made
// of the newer days' columns and the closed days' as they are (payoutSalesOf with `older`,
// lib/analytics/payout-sale-parts.ts) is the table of the columns one builder makes of all the
// rows (the newer range first, a purchase already there skipped, the product and currency indices
// those of the first sight), with the same losses on the same sales.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PayoutColumnsBuilder, type PayoutSaleInput } from "@/lib/records/payout-columns";
import { lossColumnsOf, type PayoutLossRow } from "@/lib/records/payout-loss-columns";
import { payoutSalesOf, type PayoutInputs } from "@/lib/reports/server/payouts-report";

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

// Losses naming the sales' ids (and some none holds), dated or not, won back or not.
const loss = fc.record({
  saleId: fc.oneof(fc.integer({ min: 1, max: 44 }), fc.constant(null)),
  at: fc.oneof(fc.integer({ min: 0, max: 1e12 }), fc.constant(null)),
  amountCents: fc.integer({ min: 0, max: 40_000 }),
  dispute: fc.boolean(),
  won: fc.boolean(),
  resolvedAt: fc.oneof(fc.integer({ min: 0, max: 1e12 }), fc.constant(null)),
}) satisfies fc.Arbitrary<PayoutLossRow>;

const columnsOf = (rows: readonly PayoutSaleInput[]) => {
  const builder = new PayoutColumnsBuilder();
  for (const row of rows) builder.push(row);
  return builder.done();
};

const inputsOf = (sales: PayoutInputs["sales"], refunds: readonly PayoutLossRow[], chargebacks: readonly PayoutLossRow[]) =>
  ({ sales, refunds: lossColumnsOf(refunds), chargebacks: lossColumnsOf(chargebacks) }) as PayoutInputs;

describe("the payout calendar's model table of two day ranges", () => {
  it("is the table of all the rows read as one, newer first, with the same losses", () => {
    fc.assert(
      fc.property(
        fc.array(sale, { maxLength: 30 }),
        fc.array(sale, { maxLength: 60 }),
        fc.array(loss, { maxLength: 20 }),
        fc.array(loss, { maxLength: 10 }),
        fc.constantFrom<"creator" | "affiliate">("creator", "affiliate"),
        fc.integer({ min: 0, max: 1e12 }),
        (newer, older, refunds, chargebacks, keyType, nowMs) => {
          const apart = payoutSalesOf(inputsOf(columnsOf(newer), refunds, chargebacks), keyType, nowMs, columnsOf(older));
          const whole = payoutSalesOf(inputsOf(columnsOf([...newer, ...older]), refunds, chargebacks), keyType, nowMs);
          expect(apart).toEqual(whole);
        },
      ),
      { numRuns: 400 },
    );
  });
});

/** The builder as it was: a Set of the ids seen, each row's product and currency numbered as it is kept. */
function oracleColumns(rows: readonly PayoutSaleInput[]) {
  const seen = new Set<number>();
  const kept = rows.filter((r) => !seen.has(r.purchaseId) && seen.add(r.purchaseId));
  const numbering = (values: string[]) => {
    const at = new Map<string, number>();
    return { index: Uint32Array.from(values.map((v) => at.get(v) ?? at.set(v, at.size).get(v)!)), list: [...at.keys()] };
  };
  const products = numbering(kept.map((r) => r.product));
  const currencies = numbering(kept.map((r) => r.currency));
  const column = (name: "purchaseId" | "soldMs" | "availableMs" | "creatorNet" | "affiliationNet" | "transaction" | "refunded") => Float64Array.from(kept.map((r) => r[name]));
  return {
    length: kept.length,
    purchaseId: column("purchaseId"), soldMs: column("soldMs"), availableMs: column("availableMs"), creatorNet: column("creatorNet"),
    affiliationNet: column("affiliationNet"), transaction: column("transaction"), refunded: column("refunded"),
    product: products.index, products: products.list, currency: currencies.index, currencies: currencies.list,
  };
}

describe("the payout calendar's columns of one range", () => {
  it("keep each purchase's first row, with the products and currencies numbered by the rows kept, however many rows and repeats", () => {
    fc.assert(
      fc.property(fc.array(sale, { maxLength: 120 }), fc.integer({ min: 1, max: 64 }), (rows, expected) => {
        const builder = new PayoutColumnsBuilder(expected);
        for (const row of rows) builder.push(row);
        expect(builder.done()).toEqual(oracleColumns(rows));
      }),
      { numRuns: 400 },
    );
  });

  it("count an unreadable id (NaN) once, as a Set does", () => {
    const row = { purchaseId: NaN, soldMs: 1, availableMs: 2, creatorNet: 3, affiliationNet: 0, transaction: 3, refunded: 0, product: "a", currency: "brl" };
    const columns = columnsOf([row, { ...row, product: "b" }, { ...row, purchaseId: 7, product: "c" }]);
    expect(columns.length).toBe(2);
    expect(columns.products).toEqual(["a", "c"]);
  });
});
