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

/** Money in major units. A string or NaN here would silently corrupt sums, so it is refused. */
export const money = z.number().finite();
export const optionalMoney = money.nullish();

export const text = z.string().nullish();
export const count = z.number().int().nonnegative().nullish();

/** Lower-case currency code; the field notes report it can be missing altogether. */
export const currency = z
  .string()
  .transform((c) => c.trim().toLowerCase())
  .nullish();
