import fc from "fast-check";
import { expect, it } from "vitest";
import { centsDecimal, moneyDecimal, plainNumber, roundDecimal } from "@/lib/csv/decimal";

// Money cells skip the decimal-text rounding when the amount holds whole cents; the rounding
// of the text (half away from zero on the decimal digits) stays the reference.
const reference = (n: number) => roundDecimal(plainNumber(n), 2);

it("money from whole cents, half cents and any double equals the rounding of its decimal text", () => {
  const cents = fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.maxSafeInteger(), fc.constantFrom(0, -0, 1, -1, 5, 99, 100, -100, 2 ** 45 * 100 - 1, 2 ** 45 * 100, 2 ** 53 - 1));
  const amount = fc.oneof(
    cents.map((c) => c / 100),
    cents.map((c) => (c + 0.5) / 100),
    cents.map((c) => c / 1000),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.constantFrom(1.005, 2.675, -1.005, 0.125, 1e-7, -1e-7, 1e21, 123456789.125, 0.1 + 0.2),
  );
  fc.assert(fc.property(amount, (n) => {
    expect(moneyDecimal(n)).toBe(reference(n));
  }), { numRuns: 20_000 });
});

it("writes integer cents with two decimals and a sign only when below zero", () => {
  expect([centsDecimal(-1250), centsDecimal(5), centsDecimal(0), centsDecimal(-0), centsDecimal(123456)]).toEqual(["-12.50", "0.05", "0.00", "0.00", "1234.56"]);
});
