// One CSV cell: a value and the kind of its column in, the text written to the file out.
// The kind decides both the format and whether the cell is text a spreadsheet could read
// as a formula (CSV injection, OWASP): text and id cells are guarded, numbers are not, so a
// refund of -12.50 stays a number and a customer named "=HYPERLINK(...)" stays text.
import { moneyDecimal, normalizeDecimal, plainNumber, roundDecimal } from "./decimal";

export type CsvKind = "text" | "number" | "money" | "date" | "id";

// OWASP's list, plus the full-width forms that Apple Numbers folds to the ASCII ones
// (the same set csv-stringify's escape_formulas uses; we guard here because only the
// column kind knows whether a leading "-" is a negative number or text).
// Kept as character codes: the test runs on every text cell of every file.
const FORMULA_START = new Set([..."=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20"].map((c) => c.charCodeAt(0)));

/** Prefixes a single quote when a spreadsheet would read the text as a formula. */
export function guardFormula(text: string): string {
  // charCodeAt of an empty text is NaN, which no test below holds. Every formula start is under
  // "A" (65) or a full-width form (from U+FF0B): most cells (a letter, a digit) are told by one
  // or two comparisons, not a set lookup (issue #25: this runs on every text cell of a file).
  const c = text.charCodeAt(0);
  return (c < 65 || c >= 0xff0b) && FORMULA_START.has(c) ? `'${text}` : text;
}

/**
 * The text of one cell. null, undefined, NaN, ±Infinity and invalid dates are written as an empty
 * cell. `decimal`: the decimal mark of number and money cells (see dialect.ts); ids and text keep theirs.
 */
export function toCsvCell(value: unknown, kind: CsvKind, decimal: "." | "," = "."): string {
  if (value === null || value === undefined) return "";
  switch (kind) {
    case "number":
      return withDecimal(numberCell(value), decimal) ?? textCell(value);
    case "money":
      return withDecimal(moneyCell(value), decimal) ?? textCell(value);
    case "date":
      return dateCell(value) ?? textCell(value);
    case "id":
      // Ids are always text: "0042" keeps its zeros, and the cell is guarded like any text.
      return typeof value === "number" && Number.isFinite(value) ? guardFormula(plainNumber(value)) : textCell(value);
    case "text":
      return textCell(value);
  }
}

// Plain decimals hold at most one ".", and no other character a comma could be mistaken for.
function withDecimal(cell: string | undefined, decimal: "." | ","): string | undefined {
  return cell === undefined || decimal === "." ? cell : cell.replace(".", decimal);
}

// A value that does not fit its column's kind is not dropped: it is written as guarded text.
function numberCell(value: unknown): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? plainNumber(value) : "";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return normalizeDecimal(value);
  return undefined;
}

function moneyCell(value: unknown): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? moneyDecimal(value) : "";
  if (typeof value === "bigint") return `${value.toString()}.00`;
  if (typeof value === "string") {
    const decimal = normalizeDecimal(value);
    return decimal === undefined ? undefined : roundDecimal(decimal, 2);
  }
  return undefined;
}

function dateCell(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  if (typeof value === "number") {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? "" : date.toISOString();
  }
  // Strings are kept as the upstream wrote them (an ISO day or timestamp, with its offset).
  return undefined;
}

function textCell(value: unknown): string {
  if (typeof value === "string") return guardFormula(value);
  if (typeof value === "number") return Number.isFinite(value) ? guardFormula(plainNumber(value)) : "";
  if (value instanceof Date) return dateCell(value) ?? "";
  if (typeof value === "object" && value !== null) return guardFormula(jsonOrString(value));
  return guardFormula(String(value));
}

function jsonOrString(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value); // cycles, bigint inside
  }
}
