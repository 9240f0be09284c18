// Amounts written as text: only a plain decimal is read, and exactly as the JSON number with
// the same digits; anything else is refused so that no sum is quietly corrupted.
import { describe, expect, it } from "vitest";
import { toCents } from "@/lib/analytics/money";
import { numberField } from "@/lib/query/event-facts";
import { money, optionalMoney, readDecimalText } from "@/lib/records/fields";

describe("money reader, amounts written as text", () => {
  it.each(["0", "12", "12.34", "-12.34", "0.1", "0.10", "007.50", "123456789.99", "-0", "49.9", "1.005"])("accepts %j as the JSON number with the same digits", (text) => {
    expect(money.parse(text)).toBe(JSON.parse(text.replace(/^(-?)0+(?=\d)/, "$1")) as number);
  });

  it.each([
    "", " ", " 12.34", "12.34 ", "12 34", "+12.34", "1,234.56", "1.234,56", "12,34", "1_000", "1e3", "1E3", "1.2e-3", ".5", "5.", "-", "-.5", "--1",
    "NaN", "nan", "Infinity", "-Infinity", "0x10", "0b1", "0o7", "R$ 12.34", "12.34 BRL", "١٢", "12.34\n", "\t1", "null", "true", "1.2.3",
  ])("refuses %j", (text) => {
    expect(readDecimalText(text)).toBeUndefined();
    expect(money.safeParse(text).success).toBe(false);
    expect(optionalMoney.safeParse(text).success).toBe(false);
  });

  it("refuses a plain decimal too large to be a finite number", () => {
    expect(money.safeParse("9".repeat(400)).success).toBe(false);
  });

  it("refuses values that are not numbers at all, as before", () => {
    for (const value of [true, {}, [], Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) expect(money.safeParse(value).success).toBe(false);
    expect(optionalMoney.parse(null)).toBeNull();
    expect(optionalMoney.parse(undefined)).toBeUndefined();
  });

  it("adds text amounts in cents exactly", () => {
    const cents = ["0.1", "0.2"].map((t) => toCents(money.parse(t)));
    expect(cents).toEqual([10, 20]);
    expect(cents[0]! + cents[1]!).toBe(30);
    const many = Array.from({ length: 1000 }, (_, i) => `${i}.${String(i % 100).padStart(2, "0")}`);
    const fromText = many.reduce((sum, t) => sum + toCents(money.parse(t)), 0);
    const fromNumbers = many.reduce((sum, t) => sum + toCents(JSON.parse(t) as number), 0);
    expect(fromText).toBe(fromNumbers);
    expect(fromText).toBe(many.reduce((sum, t) => sum + Number(t.replace(".", "")), 0));
  });

  it("reads the amount of a refund or chargeback record written as text the same way", () => {
    expect(numberField({ amount: "19.90" }, "amount")).toBe(19.9);
    expect(numberField({ amount: "1e3", amountRefunded: 5 }, "amount", "amountRefunded")).toBe(5);
    expect(numberField({ amount: "abc" }, "amount")).toBeUndefined();
  });
});
