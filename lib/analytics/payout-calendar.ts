// The payout calendar: per local day of a month and per currency, the net money whose
// incomingAvailableAt falls on the day, what refunds and chargebacks have already taken back,
// and what the risk model (payout-risk.ts) expects them still to take, with a band. Cents
// throughout; currencies are never added together.
import { capSaleLossCents } from "./sale-losses";
import { expectedLossOf, knownLossesAt, lossSalesIn, requestedCentsOf, type LossEvent, type RiskModel, type RiskSale } from "./payout-risk";
import { saleTableOf, type PayoutSaleTable } from "./payout-sale-table";

export interface PayoutSale extends RiskSale {
  currency: string;
  /** incomingAvailableAt in ms; null when the record has none (it cannot be placed). */
  availableMs: number | null;
  /**
   * What the sale is known to have lost now, with no date to place it: its own amountRefunded
   * (whatever the refund records say), and loss records without a request date. It counts in
   * today's figures and in a back-tested month's final outcome, never in what a cutoff knew.
   */
  lostNowCents: number;
}

/** How much more (or less) than expected the losses of a day turned out in the back-test: the 10th and 90th percentiles. */
export interface BandRatios { low: number; high: number }

/** One day's figures: in cents from payoutCalendar; the view sends them in the currency's units. */
export interface PayoutDayFigures {
  day: string;
  sales: number;
  scheduled: number;
  /** Refunds and chargebacks already requested. */
  lost: number;
  /** What the model expects refunds and chargebacks still to take. */
  expectedLoss: number;
  expected: number;
  /** The band from the back-test's 10th to 90th percentile of losses; null without one. */
  low: number | null;
  high: number | null;
}

export interface CurrencyPayoutDays { currency: string; days: PayoutDayFigures[] }

export interface CalendarInput {
  /** The local days shown, in order, and their boundaries: dayStartsMs[i] … dayStartsMs[i + 1]. */
  days: readonly string[];
  dayStartsMs: readonly number[];
  sales: readonly PayoutSale[] | PayoutSaleTable;
  events: readonly LossEvent[];
  /** Fitted at now: its cutoff is the instant whose knowledge the calendar shows. */
  model: RiskModel;
  /** A currency's day band (from its own back-tested days); null without one. */
  bandOf: (currency: string) => BandRatios | null;
  /**
   * Whether the model's expectation is applied in a currency (every one when absent). Where its
   * back-test does no better than no expectation, a day takes off only the losses requested, and
   * has no band.
   */
  expects?: (currency: string) => boolean;
  /** The sales a loss names, by id (payout-risk.ts's lossSalesOf), when the caller has them. */
  lossSales?: ReadonlyMap<number, RiskSale>;
}

/**
 * The band of an estimate `base − expectedLoss` (cents): more losses than expected give the low
 * end, fewer the high end. The back-test's ratios are widened to hold 1, the estimate itself:
 * months that lost nothing would otherwise give a band of "base to base" that leaves out the
 * estimate it is drawn around. Rounded as the estimate is, so low ≤ estimate ≤ high.
 */
export function bandAround(baseCents: number, expectedLossCents: number, ratios: BandRatios): { low: number; high: number } {
  return {
    low: baseCents - Math.round(expectedLossCents * Math.max(1, ratios.high)),
    high: baseCents - Math.round(expectedLossCents * Math.min(1, ratios.low)),
  };
}

/**
 * What a sale has lost, in cents: the sum of its loss records (lossesBySale's, as known at a
 * cutoff) or `lostNowCents` when that is more, never more than its net. A cutoff in the past
 * passes 0 for lostNowCents: what the sale says today was not known then.
 */
export function saleLostCents(sale: Pick<PayoutSale, "netCents">, records: readonly LossEvent[] | undefined, lostNowCents: number): number {
  return lostCentsOf(sale.netCents, records, lostNowCents);
}

/** saleLostCents of a sale given as its net (a row of the sales' table). */
export function lostCentsOf(netCents: number, records: readonly LossEvent[] | undefined, lostNowCents: number): number {
  let requested = 0;
  if (records) for (const e of records) requested += e.lostCents;
  return lostOfRequested(netCents, requested, lostNowCents);
}

/** lostCentsOf of a sale whose loss records take `requestedCents` together (KnownLosses's total). */
export function lostOfRequested(netCents: number, requestedCents: number, lostNowCents: number): number {
  return capSaleLossCents(Math.max(0, netCents), Math.max(requestedCents, lostNowCents));
}

/** The index of the day holding `ms`, or -1 outside the days. */
export function dayIndex(dayStartsMs: readonly number[], ms: number): number {
  if (ms < dayStartsMs[0]! || ms >= dayStartsMs[dayStartsMs.length - 1]!) return -1;
  let lo = 0;
  let hi = dayStartsMs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (dayStartsMs[mid]! <= ms) lo = mid;
    else hi = mid;
  }
  return lo;
}

export function payoutCalendar(input: CalendarInput): CurrencyPayoutDays[] {
  const { days, dayStartsMs, events, model, bandOf, expects = () => true } = input;
  const sales = saleTableOf(input.sales);
  const lossSales = input.lossSales ?? lossSalesIn(sales, events);
  const known = knownLossesAt(events, lossSales, model.cutoffMs);
  const byCurrency = new Map<string, PayoutDayFigures[]>();
  for (let s = 0; s < sales.length; s++) {
    const availableMs = sales.availableMs[s]!;
    if (Number.isNaN(availableMs)) continue;
    const i = dayIndex(dayStartsMs, availableMs);
    if (i < 0) continue;
    const currency = sales.currencies[sales.currency[s]!]!;
    let rows = byCurrency.get(currency);
    if (!rows) byCurrency.set(currency, (rows = days.map((day) => ({ day, sales: 0, scheduled: 0, lost: 0, expectedLoss: 0, expected: 0, low: null, high: null }))));
    const row = rows[i]!;
    const net = sales.net[s]!;
    const lost = lostOfRequested(net, requestedCentsOf(known, sales.id[s]!), sales.lostNow[s]!);
    row.sales++;
    row.scheduled += net;
    row.lost += lost;
    if (expects(currency)) row.expectedLoss += expectedLossOf(model, sales.soldMs[s]!, net, sales.products[sales.product[s]!]!, lost > 0);
  }
  const withBand = ([currency, rows]: [string, PayoutDayFigures[]]): CurrencyPayoutDays => {
    const band = expects(currency) ? bandOf(currency) : null;
    const day = (r: PayoutDayFigures): PayoutDayFigures => {
      const expectedLoss = Math.round(r.expectedLoss);
      const base = r.scheduled - r.lost;
      return { ...r, expectedLoss, expected: base - expectedLoss, ...(band ? bandAround(base, r.expectedLoss, band) : { low: null, high: null }) };
    };
    return { currency, days: rows.map(day) };
  };
  return [...byCurrency]
    .map(withBand)
    .sort((a, b) => b.days.reduce((n, d) => n + d.sales, 0) - a.days.reduce((n, d) => n + d.sales, 0) || a.currency.localeCompare(b.currency));
}
