// The back-test of the payout calendar: each past month is predicted from what was known at its
// first instant (the sales made before it, the refunds and chargebacks requested before it),
// exactly as the calendar predicts the coming days today, and compared with what those sales
// finally lost. Only months whose sales are past the horizon take part: their outcome is final.
import { DAY_MS } from "@/lib/calendar";
import { lostOfRequested, type BandRatios, type PayoutSale } from "./payout-calendar";
import { expectedLossOf, fitWithLosses, HORIZON_DAYS, knownLossesAt, lossSalesIn, requestedCentsOf, type LossEvent, type RiskSale } from "./payout-risk";
import { saleTableOf, type PayoutSaleTable } from "./payout-sale-table";

export interface BacktestMonthSpan { month: string; startMs: number; endMs: number }

export interface BacktestMonth {
  month: string;
  currency: string;
  sales: number;
  /** Net becoming available in the month from sales made before it, in cents. */
  scheduled: number;
  /** The calendar's figure at the month's start: scheduled, less known and expected losses. */
  predicted: number;
  /** The same without the model: scheduled less the losses known at the start. */
  naive: number;
  /** What those sales finally kept. */
  actual: number;
}

export interface DayLosses { currency: string; expected: number; actual: number }

export interface BacktestResult {
  months: BacktestMonth[];
  /** Per currency and local day of availability: the losses expected at the month's start and those that came. */
  dayLosses: DayLosses[];
}

/** At least this much history before a back-tested month, so its model has a full horizon of mature sales to learn from. */
export const BACKTEST_WARMUP_DAYS = HORIZON_DAYS + 30;
/** The band needs this many back-tested days with an expected loss. */
export const MIN_BAND_DAYS = 30;
/** A month's total gets a band from this many back-tested months. */
export const MIN_BAND_MONTHS = 6;

/**
 * What a back-tested month knows at its first instant, per sale that becomes available in it
 * (sold before it), in the sales' order: the losses known then and the loss the model fitted
 * then expects. It reads only sales made and losses requested before the month, so it stays
 * true while those days are not fetched again (lib/reports/server/payouts-kept.ts keeps it).
 */
export interface BacktestSpanKept {
  span: BacktestMonthSpan;
  ids: Float64Array;
  before: Float64Array;
  expected: Float64Array;
}

/** The sale fields a month's start reads (what crosses to the worker: payout-backtest-worker.ts). */
export type BacktestSale = Pick<PayoutSale, "id" | "soldMs" | "netCents" | "product" | "availableMs">;

/** `lossSales`: the sales a loss names, by id (payout-risk.ts's lossSalesOf). */
export function keepBacktestSpan(sales: readonly BacktestSale[] | PayoutSaleTable, events: readonly LossEvent[], span: BacktestMonthSpan, lossSales: ReadonlyMap<number, RiskSale> = lossSalesIn(sales, events)): BacktestSpanKept {
  return keepBacktestSpans(sales, events, [span], lossSales)[0]!;
}

/** keepBacktestSpan of each span, the table read once for all of them. */
export function keepBacktestSpans(sales: readonly BacktestSale[] | PayoutSaleTable, events: readonly LossEvent[], spans: readonly BacktestMonthSpan[], lossSales: ReadonlyMap<number, RiskSale> = lossSalesIn(sales, events)): BacktestSpanKept[] {
  const table = saleTableOf(sales);
  const rows = rowsOfSpans(table, spans);
  return spans.map((span, s) => keepSpanRows(table, events, span, rows[s]!, lossSales));
}

/**
 * Per span, the rows of the sales that become available in it and were sold before it, in the
 * table's order. The spans of a back-test are months, apart and in order: each row is placed in
 * its span by its availability in one pass (twelve passes over ~1 M sales took ~0.35 s of a first
 * calendar at scale 20). Spans that overlap are read one at a time.
 */
function rowsOfSpans(table: PayoutSaleTable, spans: readonly BacktestMonthSpan[]): Int32Array[] {
  const order = spans.map((_, s) => s).sort((a, b) => spans[a]!.startMs - spans[b]!.startMs);
  const apart = order.every((s, k) => k === 0 || spans[order[k - 1]!]!.endMs <= spans[s]!.startMs);
  if (!apart && spans.length > 1) return spans.map((span) => rowsOfSpans(table, [span])[0]!);
  const starts = order.map((s) => spans[s]!.startMs);
  const { soldMs, availableMs } = table;
  // Each row's span (its place in `order`, -1: none), then the rows of each span in table order.
  const placed = new Int32Array(table.length).fill(-1);
  const counts = new Int32Array(order.length);
  for (let i = 0; i < table.length; i++) {
    const available = availableMs[i]!;
    if (Number.isNaN(available)) continue;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= available) lo = mid + 1;
      else hi = mid;
    }
    const k = lo - 1;
    if (k < 0) continue;
    const span = spans[order[k]!]!;
    // A sale without an instant is not known to be sold after the span's start: it stays, as it always has.
    if (available >= span.endMs || soldMs[i]! >= span.startMs) continue;
    placed[i] = k;
    counts[k]!++;
  }
  const rows = order.map((_, k) => new Int32Array(counts[k]!));
  const next = new Int32Array(order.length);
  for (let i = 0; i < table.length; i++) {
    const k = placed[i]!;
    if (k >= 0) rows[k]![next[k]!++] = i;
  }
  const bySpan: Int32Array[] = new Array(spans.length);
  order.forEach((s, k) => (bySpan[s] = rows[k]!));
  return bySpan;
}

/** One month's start from its rows (rowsOfSpans's). */
function keepSpanRows(table: PayoutSaleTable, events: readonly LossEvent[], span: BacktestMonthSpan, rows: Int32Array, lossSales: ReadonlyMap<number, RiskSale>): BacktestSpanKept {
  const known = knownLossesAt(events, lossSales, span.startMs);
  const model = fitWithLosses(table, known);
  const { soldMs, net } = table;
  const ids = new Float64Array(rows.length);
  const before = new Float64Array(rows.length);
  const expected = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    const id = table.id[i]!;
    const lost = lostOfRequested(net[i]!, requestedCentsOf(known, id), 0);
    ids[k] = id;
    before[k] = lost;
    expected[k] = expectedLossOf(model, soldMs[i]!, net[i]!, table.products[table.product[i]!]!, lost > 0);
  }
  return { span, ids, before, expected };
}

/** `dayOf`: the local day (a number) of an instant, so a day's band is read off days as the calendar shows them. */
export function runBacktest(sales: readonly PayoutSale[] | PayoutSaleTable, events: readonly LossEvent[], months: readonly BacktestMonthSpan[], nowMs: number, dayOf: (ms: number) => number = (ms) => Math.floor(ms / DAY_MS), lossSales: ReadonlyMap<number, RiskSale> = lossSalesIn(sales, events)): BacktestResult {
  return backtestFromKept(keepBacktestSpans(sales, events, months, lossSales), sales, events, nowMs, dayOf, lossSales);
}

/**
 * The rows of `ids` in the sales, in the ids' order: read off the sales in one pass while the ids
 * stand in the sales' order (a month start keeps its sales in the order it read them, and they are
 * read again in it unless a day moved one), else through an index of every sale. The sales hold
 * each purchase once (lib/records/payout-columns.ts), so both find the same sale.
 */
function rowsOfIds(ids: Float64Array, sales: PayoutSaleTable): Int32Array {
  const found = new Int32Array(ids.length);
  let j = 0;
  for (let i = 0; i < ids.length; i++) {
    while (j < sales.length && sales.id[j] !== ids[i]) j++;
    if (j === sales.length) {
      const index = new Map<number, number>();
      for (let r = 0; r < sales.length; r++) index.set(sales.id[r]!, r);
      for (let k = i; k < ids.length; k++) found[k] = index.get(ids[k]!)!;
      return found;
    }
    found[i] = j++;
  }
  return found;
}

/** The back-test from its months' starts (kept or just made): what those sales finally kept is read at now. */
export function backtestFromKept(kept: readonly BacktestSpanKept[], salesGiven: readonly PayoutSale[] | PayoutSaleTable, events: readonly LossEvent[], nowMs: number, dayOf: (ms: number) => number = (ms) => Math.floor(ms / DAY_MS), lossSales: ReadonlyMap<number, RiskSale> = lossSalesIn(salesGiven, events)): BacktestResult {
  const sales = saleTableOf(salesGiven);
  const final = knownLossesAt(events, lossSales, nowMs);
  const result: BacktestResult = { months: [], dayLosses: [] };
  const currencies = sales.currencies.length;
  for (const { span, ids, before: beforeOf, expected: expectedOf } of kept) {
    // By the currency's index, and by the day's number and the currency's index as one number
    // (a text key per sale, ~0.6 M of them over twelve months at scale 20, was most of this loop).
    const perCurrency: Array<BacktestMonth | undefined> = new Array(currencies);
    const perDay = new Map<number | string, DayLosses>();
    const rows = rowsOfIds(ids, sales);
    for (let i = 0; i < ids.length; i++) {
      const r = rows[i]!;
      const c = sales.currency[r]!;
      const net = sales.net[r]!;
      const before = beforeOf[i]!;
      const expected = expectedOf[i]!;
      const after = lostOfRequested(net, requestedCentsOf(final, sales.id[r]!), sales.lostNow[r]!);
      const m = (perCurrency[c] ??= { month: span.month, currency: sales.currencies[c]!, sales: 0, scheduled: 0, predicted: 0, naive: 0, actual: 0 });
      m.sales++;
      m.scheduled += net;
      m.predicted += net - before - expected;
      m.naive += net - before;
      m.actual += net - after;
      const day = dayOf(sales.availableMs[r]!);
      // A day that is not a number (no availability) has a key of its own per currency, as its text did.
      const key = Number.isFinite(day) ? day * currencies + c : `${c} ${day}`;
      let d = perDay.get(key);
      if (!d) perDay.set(key, (d = { currency: m.currency, expected: 0, actual: 0 }));
      d.expected += expected;
      d.actual += Math.max(0, after - before);
    }
    for (const m of perCurrency) if (m) result.months.push({ ...m, predicted: Math.round(m.predicted) });
    result.dayLosses.push(...perDay.values());
  }
  result.months.sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency));
  return result;
}

/** The p-th percentile (0…1) of sorted values, interpolated between neighbours. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError("no values");
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** The 10th and 90th percentile of actual over expected losses; null with fewer than `min` periods that expected any. */
export function bandRatios(losses: ReadonlyArray<{ expected: number; actual: number }>, min = MIN_BAND_DAYS): BandRatios | null {
  const ratios = losses.filter((d) => d.expected > 0).map((d) => d.actual / d.expected).sort((a, b) => a - b);
  if (ratios.length < min) return null;
  return { low: percentile(ratios, 0.1), high: percentile(ratios, 0.9) };
}

/** Per currency: the band of a day (from back-tested days) and of a month's total (from back-tested months). */
export function currencyBands(result: BacktestResult): Map<string, { day: BandRatios | null; month: BandRatios | null; days: number; months: number }> {
  const bands = new Map<string, { day: BandRatios | null; month: BandRatios | null; days: number; months: number }>();
  for (const currency of new Set([...result.dayLosses.map((d) => d.currency), ...result.months.map((m) => m.currency)])) {
    const days = result.dayLosses.filter((d) => d.currency === currency);
    // A month's losses: what the model expected (naive less predicted) against what came (naive less kept).
    const months = result.months.filter((m) => m.currency === currency).map((m) => ({ expected: m.naive - m.predicted, actual: m.naive - m.actual }));
    bands.set(currency, { day: bandRatios(days), month: bandRatios(months, MIN_BAND_MONTHS), days: days.filter((d) => d.expected > 0).length, months: months.filter((m) => m.expected > 0).length });
  }
  return bands;
}

export interface BacktestError {
  currency: string;
  months: number;
  meanAbsError: number;
  bias: number;
  naiveMeanAbsError: number;
  /** The losses the model expected over those that came, all months together: the error on the losses themselves, which a share of the money kept hides. */
  lossRatio: number | null;
}

/** Per currency: the mean absolute and the mean signed error of the months, as shares of what was kept. */
export function backtestErrors(months: readonly BacktestMonth[]): BacktestError[] {
  const by = new Map<string, BacktestMonth[]>();
  for (const m of months) if (m.actual > 0) (by.get(m.currency) ?? by.set(m.currency, []).get(m.currency)!).push(m);
  return [...by].map(([currency, list]) => {
    const mean = (f: (m: BacktestMonth) => number) => list.reduce((n, m) => n + f(m), 0) / list.length;
    return {
      currency,
      months: list.length,
      meanAbsError: mean((m) => Math.abs(m.predicted - m.actual) / m.actual),
      bias: mean((m) => (m.predicted - m.actual) / m.actual),
      naiveMeanAbsError: mean((m) => Math.abs(m.naive - m.actual) / m.actual),
      lossRatio: ((came) => (came > 0 ? list.reduce((n, m) => n + m.naive - m.predicted, 0) / came : null))(list.reduce((n, m) => n + m.naive - m.actual, 0)),
    };
  });
}

/**
 * The currencies where the back-test's expectation beats none: its mean error over the months is
 * below that of taking off only the losses already requested. Only there is it applied; a tie,
 * or a currency with no back-tested month, shows nothing that the model helps.
 */
export function currenciesModelHelps(errors: readonly BacktestError[]): Set<string> {
  return new Set(errors.filter((e) => e.meanAbsError < e.naiveMeanAbsError).map((e) => e.currency));
}
