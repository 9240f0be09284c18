// Field readers shared by the record schemas. Tolerant where a value can naturally be
// missing (null or absent), strict where a wrong value would make a figure wrong.
import { z } from "zod";

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function isRealTimestamp(s: string): boolean {
  if (!ISO_TIMESTAMP.test(s) || Number.isNaN(Date.parse(s))) return false;
  // Date.parse rolls 2026-02-30 over to March 2: the calendar day must exist as written.
  const [y, m, d] = s.slice(0, 10).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === s.slice(0, 10);
}

/** A UTC timestamp string that names a real moment; anything else breaks the record. */
export const timestamp = z.string().refine(isRealTimestamp, { error: "not an ISO 8601 timestamp" });
export const optionalTimestamp = timestamp.nullish();

/**
 * A plain decimal as text: optional minus, digits, optional fraction. No exponent, spaces,
 * separators, signs other than a leading minus, hex, NaN or Infinity: those are ambiguous or
 * not amounts at all, and Number() would quietly read some of them ("", " 1", "0x10", "1e3").
 */
export const PLAIN_DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/** The amount a plain decimal string stands for, or undefined when the text is anything else. */
export function readDecimalText(text: string): number | undefined {
  if (!PLAIN_DECIMAL.test(text)) return undefined;
  // For a plain decimal, Number() rounds to the same double as JSON.parse of the same digits,
  // so "12.34" and 12.34 give the same cents.
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Money in major units: a finite number, or a plain decimal string read exactly (some
 * upstreams write amounts as text). Anything else (NaN, "1e3", "12,34", "") would silently
 * corrupt sums, so it is refused and the record is left out and flagged.
 */
export const money = z.union([z.number(), z.string()], { error: "not a number" }).transform((value, ctx) => {
  const amount = typeof value === "number" ? value : readDecimalText(value);
  if (amount !== undefined && Number.isFinite(amount)) return amount;
  ctx.addIssue({ code: "custom", message: typeof value === "number" ? "not a finite number" : "text that is not a plain decimal number" });
  return z.NEVER;
});
export const optionalMoney = money.nullish();

export const text = z.string().nullish();

/** How a record was paid, said alike by purchases, orders and abandoned carts. */
export const paymentFields = { psp: text, paymentMethod: text, cardBrand: text, cardLast4: text };

/** Who bought: personal data, masked until asked for (lib/privacy), said alike by the three. */
export const customerFields = { customerName: text, customerEmail: text, customerPhone: text };
export const count = z.number().int().nonnegative().nullish();

/** Lower-case currency code; the field notes report it can be missing altogether. */
export const currency = z
  .string()
  .transform((c) => c.trim().toLowerCase())
  .nullish();
