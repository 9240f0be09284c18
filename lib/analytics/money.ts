// Money is added in integer cents: a million additions of 0.1 in floating point drift by
// whole cents, while integers below 2^53 add exactly. Amounts arrive in major units with at
// most two decimals, so Math.round(x * 100) recovers the exact cents.
import { UNKNOWN_CURRENCY } from "./totals-by-currency";

export { UNKNOWN_CURRENCY };

export function toCents(amount: number | null | undefined): number {
  return amount ? Math.round(amount * 100) : 0;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Options every per-currency aggregation takes. */
export interface CurrencyOptions {
  /** Group for records without a currency (the field notes report it can be missing). */
  fallbackCurrency?: string;
}

/** Orders per-currency results by record count, largest first, ties by currency code. */
export function byCountThenCurrency(a: { currency: string; count: number }, b: { currency: string; count: number }): number {
  return b.count - a.count || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);
}

/**
 * The part of an amount a refund takes back, in cents: the refunded share of the transaction
 * (an affiliate's commission given back, a creator's net lost).
 */
export function refundedShareCents(amount: number, refunded: number, transaction: number): number {
  if (refunded <= 0 || amount === 0) return 0;
  // A refund of more than the transaction, or of a zero transaction, takes all of it.
  if (transaction <= 0 || refunded >= transaction) return amount;
  return Math.round((amount * refunded) / transaction);
}
