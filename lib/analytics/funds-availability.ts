// When the money of past sales becomes available to withdraw: the sum of each purchase's
// net share by the week of its incomingAvailableAt. Card payments wait up to 30 days, so
// the coming weeks are known today; what is already past due is one row on top.
import type { KeyType } from "@/lib/sales-api";
import type { Purchase } from "@/lib/records/purchase";
import { createBucketIndex } from "./bucket-index";
import { formatDay, mondayOf, parseDay, type IsoDay } from "@/lib/calendar";
import { byCountThenCurrency, fromCents, toCents, UNKNOWN_CURRENCY, type CurrencyOptions } from "./money";
import { timestampMs } from "@/lib/timestamps";
import { netShareIndex, netShareOf } from "./key-share";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";

export type FundsPurchase = Pick<Purchase, "currency" | "incomingAvailableAt" | "amountCreatorNet" | "amountAffiliationNet">;

export interface FundsOptions extends CurrencyOptions {
  /** Creators receive amountCreatorNet, affiliates amountAffiliationNet. */
  keyType: KeyType;
  /** The first local day of the schedule, usually today. */
  fromDay: IsoDay;
  /** ISO weeks (Monday to Sunday) from the one holding fromDay; the first may be partial. */
  weeks: number;
  /** Zone whose local days place incomingAvailableAt; UTC by default. */
  timeZone?: string;
}

export interface FundsRow {
  /** "available" for the first row (due before fromDay), else the Monday of the week. */
  bucket: string;
  amount: number;
  count: number;
}

export interface CurrencyFundsRows {
  currency: string;
  /** All records of the currency, whatever their row. */
  count: number;
  /** "available" first, then one row per week, empty weeks included. */
  rows: FundsRow[];
  /** Due after the last week. */
  later: { amount: number; count: number };
  /** Without incomingAvailableAt, so without a date to place them. */
  unscheduled: { amount: number; count: number };
}

export const ALREADY_AVAILABLE = "available";

/** What becomes available to the key (key-share.ts). */
export const fundsNetOf = netShareOf;

interface FundsSums {
  cents: Float64Array; // [available, week 1..N, later, unscheduled]
  counts: Uint32Array;
}

export function fundsAvailability(purchases: readonly FundsPurchase[], options: FundsOptions): CurrencyFundsRows[] {
  const { keyType, fromDay, weeks, timeZone = "UTC", fallbackCurrency = UNKNOWN_CURRENCY } = options;
  if (!Number.isInteger(weeks) || weeks < 1) throw new RangeError(`weeks must be a positive integer, not ${weeks}`);
  const lastDay = formatDay(mondayOf(parseDay(fromDay)) + 7 * weeks - 1);
  const index = createBucketIndex(fromDay, lastDay, "week", timeZone);
  const later = weeks + 1;
  const unscheduled = weeks + 2;
  const net = fundsNetOf(keyType);
  const startIso = new Date(index.startMs).toISOString().replace(".000Z", "Z");
  const byCurrency = new Map<string, FundsSums>();
  for (const p of purchases) {
    const currency = p.currency || fallbackCurrency;
    let sums = byCurrency.get(currency);
    if (sums === undefined) byCurrency.set(currency, (sums = { cents: new Float64Array(weeks + 3), counts: new Uint32Array(weeks + 3) }));
    const at = p.incomingAvailableAt;
    let row: number;
    // Most records were paid out long ago. In the API's fixed format (validated by the
    // purchase schema) string order is time order, so a comparison settles them unread.
    if (at && at.length === 20 && at < startIso && at.charCodeAt(19) === 90) row = 0;
    else {
      const ms = at ? timestampMs(at) : NaN;
      row = Number.isNaN(ms) ? unscheduled : ms < index.startMs ? 0 : ms >= index.endMs ? later : index.indexOf(ms) + 1;
    }
    sums.cents[row]! += toCents(net(p));
    sums.counts[row]!++;
  }
  const result: CurrencyFundsRows[] = [];
  for (const [currency, { cents, counts }] of byCurrency) {
    const rows = [ALREADY_AVAILABLE, ...index.keys].map((bucket, i) => ({ bucket, amount: fromCents(cents[i]!), count: counts[i]! }));
    const total = counts.reduce((a, b) => a + b, 0);
    result.push({
      currency,
      count: total,
      rows,
      later: { amount: fromCents(cents[later]!), count: counts[later]! },
      unscheduled: { amount: fromCents(cents[unscheduled]!), count: counts[unscheduled]! },
    });
  }
  return result.sort(byCountThenCurrency);
}

export interface CurrencyAmount { currency: string; amount: number; count: number }

/**
 * What becomes available within [fromMs, toMs), per currency: the same net share as the weekly
 * schedule, for every sale given (the Overview gives the whole synced history: a sale's wait is
 * the upstream's to decide, so a sale older than any window may still fall due in this one).
 * The sales are the payout calendar's columns (payout-sales.ts), from the purchases fact table
 * or from the records alike.
 */
export function fundsDueWithin(sales: PayoutSaleColumns, keyType: KeyType, window: { fromMs: number; toMs: number }, fallbackCurrency = UNKNOWN_CURRENCY): CurrencyAmount[] {
  const net = [sales.creatorNet, sales.affiliationNet][netShareIndex(keyType)]!;
  const sums: Array<{ currency: string; cents: number; count: number }> = [];
  for (let i = 0; i < sales.length; i++) {
    const ms = sales.availableMs[i]!;
    if (ms >= window.fromMs && ms < window.toMs) sums.push({ currency: sales.currencies[sales.currency[i]!]!, cents: net[i]!, count: 1 });
  }
  return fundsDueRows(sums, fallbackCurrency);
}

/** Sums of net cents and sales (per sale, or per currency as the purchases fact table adds them) as the Overview's rows: per currency, a missing one the fallback's, largest count first. */
export function fundsDueRows(sums: Iterable<{ currency: string; cents: number; count: number }>, fallbackCurrency = UNKNOWN_CURRENCY): CurrencyAmount[] {
  const by = new Map<string, { cents: number; count: number }>();
  for (const s of sums) {
    const currency = s.currency || fallbackCurrency;
    const sum = by.get(currency) ?? by.set(currency, { cents: 0, count: 0 }).get(currency)!;
    sum.cents += s.cents;
    sum.count += s.count;
  }
  return [...by].map(([currency, s]) => ({ currency, amount: fromCents(s.cents), count: s.count })).sort(byCountThenCurrency);
}
