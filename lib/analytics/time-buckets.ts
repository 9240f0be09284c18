// Time buckets in a reader's time zone: a purchase at 23:30 in Sao Paulo belongs to that
// local day although it is stamped the next day in UTC. Charts get every bucket of the
// range, empty ones included, so a quiet day shows as zero rather than as a gap.
import { TZDate } from "@date-fns/tz";
import { createBucketIndex, localBucketKey, type Granularity } from "./bucket-index";
import { DAY_MS, daysFromCivil, HOUR_MS, type IsoDay } from "@/lib/calendar";
import { byCountThenCurrency, fromCents, toCents, UNKNOWN_CURRENCY, type CurrencyOptions } from "./money";
import { timestampMs, toMs } from "@/lib/timestamps";
import { assertTimeZone } from "./zone-offsets";

export type { Granularity } from "./bucket-index";
export { inLocalRange, utcFetchWindow } from "./local-days";

/**
 * The bucket of one instant: "2026-03-29" (day), the Monday of its ISO week (week),
 * "2026-03" (month), or "2026-10-25T02:00+01:00" (hour, offset included so the hour a
 * fall-back repeats gives two distinct buckets). Reads the zone through TZDate; the bulk
 * path (revenueSeries) is tested against it.
 */
export function bucketKey(timestamp: string | number | Date, granularity: Granularity, timeZone: string): string {
  assertTimeZone(timeZone);
  const ms = toMs(timestamp);
  if (Number.isNaN(ms)) throw new RangeError(`not a timestamp: "${String(timestamp)}"`);
  const local = new TZDate(ms, timeZone);
  const offsetMs = Math.round(-local.getTimezoneOffset() * 60_000);
  const localMs = daysFromCivil(local.getFullYear(), local.getMonth() + 1, local.getDate()) * DAY_MS + local.getHours() * HOUR_MS;
  return localBucketKey(localMs, offsetMs, granularity);
}

/** Every bucket key of the local days [fromDay, toDay] (inclusive), in time order. */
export function bucketRange(fromDay: IsoDay, toDay: IsoDay, granularity: Granularity, timeZone: string): string[] {
  return [...createBucketIndex(fromDay, toDay, granularity, timeZone).keys];
}

export interface BucketPoint {
  bucket: string;
  amount: number;
  count: number;
}

export interface CurrencyBuckets {
  currency: string;
  /** Totals over the range, equal to the sums of the points. */
  amount: number;
  count: number;
  points: BucketPoint[];
}

export interface RevenueSeriesOptions<T> extends CurrencyOptions {
  /** Local days, both inclusive. */
  from: IsoDay;
  to: IsoDay;
  granularity: Granularity;
  timeZone: string;
  value: (record: T) => number | null | undefined;
  /** The timestamp that places a record (purchaseCreatedAt, checkoutInitializedAt, ...). */
  dateOf: (record: T) => string | null | undefined;
}

interface SeriesAccumulator {
  cents: Float64Array;
  counts: Uint32Array;
}

/** Per currency, the amount and count of each bucket; records outside the range are left out. */
export function revenueSeries<T extends { currency?: string | null }>(purchases: readonly T[], options: RevenueSeriesOptions<T>): CurrencyBuckets[] {
  const { value, dateOf, fallbackCurrency = UNKNOWN_CURRENCY } = options;
  const index = createBucketIndex(options.from, options.to, options.granularity, options.timeZone);
  const size = index.keys.length;
  const byCurrency = new Map<string, SeriesAccumulator>();
  let lastCurrency: string | undefined;
  let acc: SeriesAccumulator | undefined;
  for (const record of purchases) {
    const date = dateOf(record);
    if (!date) continue;
    const i = index.indexOf(timestampMs(date));
    if (i < 0) continue;
    const currency = record.currency || fallbackCurrency;
    // Records come in runs of one currency; skip the map lookup while the run lasts.
    if (currency !== lastCurrency || acc === undefined) {
      acc = byCurrency.get(currency);
      if (acc === undefined) byCurrency.set(currency, (acc = { cents: new Float64Array(size), counts: new Uint32Array(size) }));
      lastCurrency = currency;
    }
    acc.cents[i]! += toCents(value(record));
    acc.counts[i]!++;
  }
  return [...byCurrency].map(([currency, { cents, counts }]) => currencySeries(currency, index.keys, cents, counts)).sort(byCountThenCurrency);
}

/** One currency's series from its per-bucket sums (cents) and counts; shared with the purchase summaries' series. */
export function currencySeries(currency: string, keys: readonly string[], cents: Float64Array, counts: Uint32Array): CurrencyBuckets {
  let totalCents = 0;
  let count = 0;
  const points = keys.map((bucket, i) => {
    totalCents += cents[i]!;
    count += counts[i]!;
    return { bucket, amount: fromCents(cents[i]!), count: counts[i]! };
  });
  return { currency, amount: fromCents(totalCents), count, points };
}
