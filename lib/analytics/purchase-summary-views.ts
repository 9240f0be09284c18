// The Revenue report's figures read off a merged purchase summary: the same results, in the
// same shapes and order, as the record functions (revenue-kpis, time-buckets, breakdowns,
// attach-rates, funds-availability) give for the records summarised; the unit tests hold the
// two to each other. A figure the summary cannot place exactly throws SummaryInexactError,
// and the report is then made from the records.
import type { KeyType } from "@/lib/sales-api";
import { createBucketIndex, type BucketIndex, type Granularity } from "./bucket-index";
import { summariseCells, type CurrencyBreakdown, type Dimension } from "./breakdowns";
import type { CurrencyAttachRates } from "./attach-rates";
import { DAY_MS, formatDay, mondayOf, parseDay, type IsoDay } from "@/lib/calendar";
import { ALREADY_AVAILABLE, type CurrencyFundsRows } from "./funds-availability";
import { byCountThenCurrency, fromCents } from "./money";
import type { MergedCurrency, MergedSummary } from "./purchase-summary-merge";
import { SLOT_MS, SUM, SUMMARY_DIMENSIONS } from "./purchase-summary";
import type { AffiliateKpis, CreatorKpis } from "./revenue-kpis";
import { currencySeries, type CurrencyBuckets } from "./time-buckets";
import { offerChoicesFrom } from "./offer-choices";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { netShareIndex } from "./key-share";
import { FILTER_DIMENSION } from "./filters";
import { FILTER_KEYS, type FilterKey } from "@/lib/report-params/definitions";

export class SummaryInexactError extends Error {
  constructor(what: string) {
    super(`a purchase summary cannot place ${what} exactly`);
    this.name = "SummaryInexactError";
  }
}

/** Which amount a figure sums: the sale (a creator's reports) or the commission (an affiliate's). */
export type SummaryValue = "transaction" | "affiliation";

const byPurchases = (a: { currency: string; purchases: number }, b: { currency: string; purchases: number }) =>
  b.purchases - a.purchases || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);

/** One row per currency of the merged summary, the most purchases first: its counts, then the figures `of` reads off its sums. */
function kpisPerCurrency<K extends { currency: string; purchases: number; orders: number }>(merged: MergedSummary, of: (sums: readonly number[], orders: number) => Omit<K, "currency" | "purchases" | "orders">): K[] {
  return merged.currencies.map(({ currency, purchases, orders, sums }) => ({ currency, purchases, orders, ...of(sums, orders) }) as K).sort(byPurchases);
}

export function summaryCreatorKpis(merged: MergedSummary): CreatorKpis[] {
  return kpisPerCurrency<CreatorKpis>(merged, (sums, orders) => ({
    transactionAmount: fromCents(sums[SUM.transaction]!),
    itemsGross: fromCents(sums[SUM.itemsGross]!),
    itemsNet: fromCents(sums[SUM.itemsNet]!),
    shipping: fromCents(sums[SUM.shipping]!),
    taxes: fromCents(sums[SUM.taxes]!),
    platformFees: fromCents(sums[SUM.platformFees]!),
    creatorNet: fromCents(sums[SUM.creatorNet]!),
    affiliationPaid: fromCents(sums[SUM.affiliation]!),
    refunded: fromCents(sums[SUM.refunded]!),
    averageOrderValue: orders > 0 ? fromCents(Math.round(sums[SUM.transaction]! / orders)) : null,
  }));
}

export function summaryAffiliateKpis(merged: MergedSummary): AffiliateKpis[] {
  return kpisPerCurrency<AffiliateKpis>(merged, (sums) => ({
    commission: fromCents(sums[SUM.affiliation]!),
    commissionNet: fromCents(sums[SUM.affiliationNet]!),
    referredSales: fromCents(sums[SUM.transaction]!),
    refunded: fromCents(sums[SUM.refunded]!),
    commissionLostToRefunds: fromCents(sums[SUM.commissionLost]!),
  }));
}

/** The bucket of a whole slot, or SummaryInexactError when its instants fall in two (a clock change off the quarter hour). */
function slotBucket(index: BucketIndex, slot: number): number {
  const i = index.indexOf(slot * SLOT_MS);
  if (i !== index.indexOf(slot * SLOT_MS + SLOT_MS - 1)) throw new SummaryInexactError("a time in this time zone");
  return i;
}

export interface SummarySeriesOptions { from: IsoDay; to: IsoDay; granularity: Granularity; timeZone: string; value: SummaryValue }

export function summarySeries(merged: MergedSummary, options: SummarySeriesOptions): CurrencyBuckets[] {
  const index = createBucketIndex(options.from, options.to, options.granularity, options.timeZone);
  const amount = options.value === "transaction" ? 1 : 2;
  const series: CurrencyBuckets[] = [];
  for (const m of merged.currencies) {
    const cents = new Float64Array(index.keys.length);
    const counts = new Uint32Array(index.keys.length);
    let seen = false;
    for (const [slot, entry] of m.slots) {
      const i = slotBucket(index, slot);
      if (i < 0) continue;
      seen = true;
      counts[i]! += entry[0];
      cents[i]! += entry[amount]!;
    }
    if (seen) series.push(currencySeries(m.currency, index.keys, cents, counts));
  }
  return series.sort(byCountThenCurrency);
}

export function summaryBreakdowns<D extends Dimension>(merged: MergedSummary, dimensions: readonly D[], value: SummaryValue): Record<D, CurrencyBreakdown[]> {
  const amount = value === "transaction" ? 2 : 3;
  const result = {} as Record<D, CurrencyBreakdown[]>;
  for (const d of dimensions) {
    const at = SUMMARY_DIMENSIONS.indexOf(d);
    const perCurrency = new Map(
      merged.currencies.filter((m) => m.purchases > 0).map((m) => [m.currency, { entries: () => [...m.dims[at]!.values()].map((c): [string, { count: number; cents: number; label: string | null }] => [c[0], { count: c[1], cents: c[amount] as number, label: c[4] }]) }]),
    );
    result[d] = summariseCells(perCurrency, d === "offer");
  }
  return result;
}

/** Every key of a dimension over all currencies, sorted: a filter's choices. */
export function summaryDimensionKeys(merged: MergedSummary, dimension: Dimension): string[] {
  const at = SUMMARY_DIMENSIONS.indexOf(dimension);
  return [...new Set(merged.currencies.flatMap((m) => [...m.dims[at]!.keys()]))].sort();
}

/** The Offer filter's choices (offerChoicesOf of the records summarised): each offer's first name and its products. */
export function summaryOfferChoices(merged: MergedSummary): OfferChoice[] {
  const at = SUMMARY_DIMENSIONS.indexOf("offer");
  const offers = new Map<string, { name: string | null; products: string[] }>();
  for (const m of merged.currencies) {
    for (const cell of m.dims[at]!.values()) {
      const offer = offers.get(cell[0]);
      if (offer === undefined) offers.set(cell[0], { name: cell[4], products: [...(cell[5] ?? [])] });
      else offer.products.push(...(cell[5] ?? []));
    }
  }
  return offerChoicesFrom(offers);
}

/** What a summarised range offers before any filter: every filter's keys, and the offers' choices (purchase-choice-query.ts reads the same of the fact table). */
export interface SummaryChoices {
  filterOptions: Record<FilterKey, string[]>;
  offers: OfferChoice[];
}

export function summaryChoices(merged: MergedSummary): SummaryChoices {
  return {
    filterOptions: Object.fromEntries(FILTER_KEYS.map((key) => [key, summaryDimensionKeys(merged, FILTER_DIMENSION[key])])) as Record<FilterKey, string[]>,
    offers: summaryOfferChoices(merged),
  };
}

export function summaryAttachRates(merged: MergedSummary): CurrencyAttachRates[] {
  return merged.currencies
    .map((c): CurrencyAttachRates => {
      const rate = (n: number) => ({ orders: n, rate: c.frontOrders === 0 ? null : n / c.frontOrders });
      return { currency: c.currency, frontOrders: c.frontOrders, orderBump: rate(c.bump), upsell: rate(c.upsell), downsell: rate(c.downsell) };
    })
    .sort((a, b) => b.frontOrders - a.frontOrders || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

export interface SummaryFundsOptions { keyType: KeyType; fromDay: IsoDay; weeks: number; timeZone: string }

export function summaryFunds(merged: MergedSummary, options: SummaryFundsOptions): CurrencyFundsRows[] {
  const { weeks } = options;
  const lastDay = formatDay(mondayOf(parseDay(options.fromDay)) + 7 * weeks - 1);
  const index = createBucketIndex(options.fromDay, lastDay, "week", options.timeZone);
  if (merged.paidBefore > index.startMs) throw new SummaryInexactError("money paid out before the summary's fold");
  const net = netShareIndex(options.keyType);
  const later = weeks + 1;
  const rowOf = (slot: number) => {
    const ms = slot * SLOT_MS;
    if (ms + SLOT_MS <= index.startMs) return 0;
    if (ms >= index.endMs) return later;
    if (ms < index.startMs || ms + SLOT_MS > index.endMs) throw new SummaryInexactError("an availability date");
    return slotBucket(index, slot) + 1;
  };
  return merged.currencies
    .map((m: MergedCurrency): CurrencyFundsRows => {
      const cents = new Float64Array(weeks + 2);
      const counts = new Uint32Array(weeks + 2);
      cents[0] = m.paid[net]!;
      counts[0] = m.paid[2];
      for (const [slot, entry] of m.funds) {
        const row = rowOf(slot);
        cents[row]! += entry[net]!;
        counts[row]! += entry[2];
      }
      const rows = [ALREADY_AVAILABLE, ...index.keys].map((bucket, i) => ({ bucket, amount: fromCents(cents[i]!), count: counts[i]! }));
      return {
        currency: m.currency,
        count: m.purchases,
        rows,
        later: { amount: fromCents(cents[later]!), count: counts[later]! },
        unscheduled: { amount: fromCents(m.unscheduled[net]!), count: m.unscheduled[2] },
      };
    })
    .sort(byCountThenCurrency);
}

/** The UTC days (YYYY-MM-DD) holding at least one of the summarised purchases. */
export function summaryDataDays(merged: MergedSummary): string[] {
  const days = new Set<number>();
  for (const m of merged.currencies) for (const slot of m.slots.keys()) days.add(Math.floor((slot * SLOT_MS) / DAY_MS));
  return [...days].sort((a, b) => a - b).map(formatDay);
}
