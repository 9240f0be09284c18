import { describe, expect, it } from "vitest";
import { guardFormula, toCsvCell } from "@/lib/csv/cell";
import { normalizeDecimal, plainNumber, roundDecimal } from "@/lib/csv/decimal";
import { FORMULA_CELLS } from "../support/formula-cells";

describe("toCsvCell: formula-injection guard on text", () => {
  it.each([
    ...FORMULA_CELLS,
    ["\uFF1DSUM(A1)", "'\uFF1DSUM(A1)"],
    ["\uFF20cmd", "'\uFF20cmd"],
  ])("guards %j", (value, expected) => {
    expect(toCsvCell(value, "text")).toBe(expected);
  });

  it.each([["plain"], ["a=b"], [" =not first"], ["'quoted already"], [""], ["日本語"], ["😀 emoji"]])("leaves %j alone", (value) => {
    expect(toCsvCell(value, "text")).toBe(value);
  });

  it("guards a number written into a text column, since it is text there", () => {
    expect(toCsvCell(-5, "text")).toBe("'-5");
    expect(toCsvCell(5, "text")).toBe("5");
  });

  it("guards ids too, and keeps their leading zeros", () => {
    expect(toCsvCell("0042", "id")).toBe("0042");
    expect(toCsvCell("=1+1", "id")).toBe("'=1+1");
    expect(toCsvCell("-0042", "id")).toBe("'-0042");
    expect(toCsvCell(42, "id")).toBe("42");
    expect(toCsvCell(12345678901234567890n, "id")).toBe("12345678901234567890");
  });

  it("guards text that does not fit a numeric or date column instead of dropping it", () => {
    expect(toCsvCell("=cmd|' /C calc'!A0", "money")).toBe("'=cmd|' /C calc'!A0");
    expect(toCsvCell("-x", "number")).toBe("'-x");
    expect(toCsvCell("@today", "date")).toBe("'@today");
  });

  it("exposes the guard itself", () => {
    expect(guardFormula("-1")).toBe("'-1");
    expect(guardFormula("1-")).toBe("1-");
  });
});

describe("toCsvCell: numbers and money", () => {
  it.each([
    [-12.5, "-12.50"],
    [12.5, "12.50"],
    [0, "0.00"],
    [-0, "0.00"],
    [1234567.891, "1234567.89"],
    [1.005, "1.01"],
    [-1.005, "-1.01"],
    [2.675, "2.68"],
    [-0.001, "0.00"],
    [0.1 + 0.2, "0.30"],
    [1e21, "1000000000000000000000.00"],
    ["12.5", "12.50"],
    ["-12.345", "-12.35"],
    ["+7", "7.00"],
  ])("money %j -> %j (numeric, never guarded)", (value, expected) => {
    expect(toCsvCell(value, "money")).toBe(expected);
  });

  it.each([
    [42, "42"],
    [-3.25, "-3.25"],
    [1e21, "1000000000000000000000"],
    [1.5e-7, "0.00000015"],
    [-0, "0"],
    ["007.50", "7.50"],
    ["-0", "0"],
  ])("number %j -> %j", (value, expected) => {
    expect(toCsvCell(value, "number")).toBe(expected);
  });

  it("writes bigints whole", () => {
    expect(toCsvCell(15n, "money")).toBe("15.00");
    expect(toCsvCell(-15n, "money")).toBe("-15.00");
    expect(toCsvCell(9007199254740993n, "number")).toBe("9007199254740993");
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])("writes %j as an empty cell", (value) => {
    expect(toCsvCell(value, "number")).toBe("");
    expect(toCsvCell(value, "money")).toBe("");
  });
});

describe("toCsvCell: dates, empties and other values", () => {
  it("writes dates as ISO strings", () => {
    expect(toCsvCell(new Date("2026-03-31T12:34:56.789Z"), "date")).toBe("2026-03-31T12:34:56.789Z");
    expect(toCsvCell(Date.UTC(2026, 0, 1), "date")).toBe("2026-01-01T00:00:00.000Z");
    expect(toCsvCell("2026-01-01", "date")).toBe("2026-01-01");
    expect(toCsvCell("2026-01-01T10:00:00-03:00", "date")).toBe("2026-01-01T10:00:00-03:00");
    expect(toCsvCell(new Date("nonsense"), "date")).toBe("");
    expect(toCsvCell(1e20, "date")).toBe("");
  });

  it.each(["text", "number", "money", "date", "id"] as const)("writes null and undefined as empty in a %s column", (kind) => {
    expect(toCsvCell(null, kind)).toBe("");
    expect(toCsvCell(undefined, kind)).toBe("");
  });

  it("writes booleans, objects and dates in text columns readably", () => {
    expect(toCsvCell(true, "text")).toBe("true");
    expect(toCsvCell({ a: 1 }, "text")).toBe('{"a":1}');
    expect(toCsvCell(["-x"], "text")).toBe('["-x"]');
    expect(toCsvCell(new Date(0), "text")).toBe("1970-01-01T00:00:00.000Z");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toCsvCell(cyclic, "text")).toBe("[object Object]");
  });
});

describe("decimal helpers", () => {
  it("writes plain numbers without exponent", () => {
    expect(plainNumber(1.2e-10)).toBe("0.00000000012");
    expect(plainNumber(-1.5e22)).toBe("-15000000000000000000000");
    expect(plainNumber(123.456)).toBe("123.456");
  });

  it("normalizes and rounds decimal strings", () => {
    expect(normalizeDecimal("abc")).toBeUndefined();
    expect(normalizeDecimal("1e5")).toBeUndefined();
    expect(normalizeDecimal(" 0012.30 ")).toBe("12.30");
    expect(roundDecimal("0.995", 2)).toBe("1.00");
    expect(roundDecimal("99.995", 2)).toBe("100.00");
    expect(roundDecimal("-0.004", 2)).toBe("0.00");
    expect(roundDecimal("2.5", 0)).toBe("3");
    expect(() => roundDecimal("x", 2)).toThrow();
  });
});
