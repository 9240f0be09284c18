// Records that come without a currency (the field notes: the real service may omit it) are
// counted in one assumed currency per account: the one the user set, else the account's most
// common currency in the records at hand, else "unknown". Never summed across currencies.
import { UNKNOWN_CURRENCY } from "./totals-by-currency";

export type AssumptionSource = "setting" | "most-common" | "none";

export interface CurrencyAssumption {
  currency: string;
  source: AssumptionSource;
}

type WithCurrency = { currency?: string | null };

const CODE = /^[a-z]{3}$/;

/** A currency code as the user typed it, normalised; null when it is not a three-letter code. */
export function normalizeCurrencyCode(value: string): string | null {
  const code = value.trim().toLowerCase();
  return CODE.test(code) ? code : null;
}

export function assumeCurrency(setting: string | null | undefined, records: Iterable<WithCurrency>): CurrencyAssumption {
  if (setting) return { currency: setting, source: "setting" };
  const counts = new Map<string, number>();
  for (const record of records) if (record.currency) counts.set(record.currency, (counts.get(record.currency) ?? 0) + 1);
  return assumeCurrencyByCounts(setting, counts);
}

/** The same decision from records counted per currency ("" for those without one). */
export function assumeCurrencyByCounts(setting: string | null | undefined, counts: ReadonlyMap<string, number>): CurrencyAssumption {
  if (setting) return { currency: setting, source: "setting" };
  let best: [string, number] | undefined;
  // Ties go to the alphabetically first code, so the choice does not depend on record order.
  for (const entry of counts) if (entry[0] && entry[1] > 0 && (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0]))) best = entry;
  return best ? { currency: best[0], source: "most-common" } : { currency: UNKNOWN_CURRENCY, source: "none" };
}

/**
 * The records with the assumed currency written into those that lack one (copies: the
 * originals may be shared with a cache), and how many needed it.
 */
export function withAssumedCurrency<T extends WithCurrency>(records: readonly T[], currency: string): { records: T[]; assumed: number } {
  let assumed = 0;
  const out = records.map((record) => {
    if (record.currency) return record;
    assumed++;
    return { ...record, currency };
  });
  return { records: assumed === 0 ? (records as T[]) : out, assumed };
}
