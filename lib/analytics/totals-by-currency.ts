// Sums per currency, in integer cents so that thousands of additions stay exact. Amounts in
// different currencies are never added together.
import { UNKNOWN_CURRENCY } from "@/lib/records/keys";

export interface CurrencyTotal { currency: string; count: number; amount: number }

export { UNKNOWN_CURRENCY };

export function totalsByCurrency<T extends { currency?: string | null }>(records: readonly T[], amountOf: (record: T) => number | null | undefined): CurrencyTotal[] {
  const cents = new Map<string, { count: number; cents: number }>();
  for (const record of records) {
    const currency = record.currency || UNKNOWN_CURRENCY;
    const entry = cents.get(currency) ?? { count: 0, cents: 0 };
    entry.count++;
    entry.cents += Math.round((amountOf(record) ?? 0) * 100);
    cents.set(currency, entry);
  }
  return totalsFromCents(cents);
}

/** The totals of counts and cents already added per currency (records, or a fact table's groups), in the totals' order. */
export function totalsFromCents(cents: ReadonlyMap<string, { count: number; cents: number }>): CurrencyTotal[] {
  return [...cents].map(([currency, e]) => ({ currency, count: e.count, amount: e.cents / 100 })).sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
}
