import "server-only";

// The payout calendar, computed on the server from the account's synced history (the last
// HISTORY_DAYS of purchases, refunds and chargebacks, read from the mirror where it holds them):
// the risk model fitted at the browser's "now", the month's days, and the back-test of the past
// months. The browser receives amounts per day and currency, never records.
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import { backtestErrors, currenciesModelHelps, currencyBands, MIN_BAND_DAYS, MIN_BAND_MONTHS, runBacktest, type BacktestResult } from "@/lib/analytics/payout-backtest";
import { bandAround, payoutCalendar, type PayoutSale } from "@/lib/analytics/payout-calendar";
import { fitRiskModel, HORIZON_DAYS, MIN_PRODUCT_SALES, noRiskModel, type LossEvent, type LossKind } from "@/lib/analytics/payout-risk";
import { zoneForDays } from "@/lib/analytics/local-days";
import { netShareIndex } from "@/lib/analytics/key-share";
import { payoutColumnsOfRecords } from "@/lib/analytics/payout-sales";
import { saleAt } from "@/lib/analytics/payout-sale-table";
import { netCentsOf, partOf, rowsOfNamedIn, salePartsOf, saleTableOfParts, type SaleParts } from "@/lib/analytics/payout-sale-parts";
import type { PayoutSaleColumns } from "@/lib/records/payout-columns";
import { fromCents, refundedShareCents } from "@/lib/analytics/money";
import { DAY_MS, parseDay, shiftDay } from "@/lib/calendar";
import { todayIn } from "@/lib/report-params/presets";
import { type GenericRecord, type KeyType, type Purchase } from "@/lib/sales-api";
import { backtestSpans, LONGEST_WAIT_DAYS, monthDays, monthOfDay, payoutHistory, payoutMonthBounds } from "@/lib/reports/payouts-month";
import type { PayoutCurrency, PayoutsView } from "@/lib/reports/payouts-view";
import { reportQuality } from "@/lib/reports/report-quality";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { heldHistory, payoutInputsHeld, type ClosedDays } from "@/lib/reports/server/payouts-facts";
import { fundsDueRows, fundsDueWithin, type CurrencyAmount } from "@/lib/analytics/funds-availability";
import { loadPayoutLossRows, lossRowsOf, type PayoutLossRows } from "@/lib/reports/server/payouts-losses";
import { lossRowAt, type PayoutLossColumns } from "@/lib/records/payout-loss-columns";
import { viewWithKeptMonths, type PayoutBacktests } from "@/lib/reports/server/payouts-kept";
import { closedSalesToMove, type MadeView, type PayoutsViewEngine, type ViewMade } from "@/lib/reports/server/payouts-view-worker";
import type { BacktestSpanKept } from "@/lib/analytics/payout-backtest";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export { HISTORY_DAYS } from "@/lib/reports/payouts-month";

export interface PayoutsRequest {
  /** The browser's minute: its clock decides "today", as on the Overview. */
  now: Date;
  /** YYYY-MM; the current month in the zone when absent. */
  month: string | null;
  tz: string;
}

type EventResource = "refunds" | "chargebacks";
const KIND: Record<EventResource, LossKind> = { refunds: "refund", chargebacks: "chargeback" };

/**
 * Refund and chargeback records as losses of their sale's net, each read as a row of its fact
 * table (lib/query/event-facts.ts reads the fields the contract does not list, where the sandbox
 * and the field notes put them), whether it came from the records or from the table. A record
 * that cannot be read is counted, not guessed:
 * - a chargeback alert (`kind: "alert"`) moves no money: not a loss (a refund that follows has its own record);
 * - a dispute won (`status: "won"`) gives the money back at `resolvedAt`;
 * - without the sale's purchaseId the record is unusable (the page says how many);
 * - without a request date it is a loss known now, which no cutoff of the model or back-test can place.
 */
function toEvents(resource: EventResource, rows: PayoutLossColumns | null, purchases: ReadonlyMap<number, number>, sales: SaleParts, keyType: KeyType) {
  const events: LossEvent[] = [];
  const undated = new Map<number, number>();
  let unusable = 0;
  for (let i = 0; i < (rows?.length ?? 0); i++) {
    const r = lossRowAt(rows!, i);
    if (!r.dispute) continue;
    if (r.saleId === null) {
      unusable++;
      continue;
    }
    const id = r.saleId;
    // One of a sale before the history: no sale of the calendar or the model.
    const sale = purchases.get(id);
    if (sale === undefined) continue;
    // A record without an amount takes the whole sale.
    const { part, at } = partOf(sales, sale);
    const net = netCentsOf(part, keyType)[at]!;
    const lostCents = r.amountCents > 0 ? refundedShareCents(net, r.amountCents, part.transaction[at]!) : net;
    if (r.at === null) {
      if (!r.won) undated.set(id, (undated.get(id) ?? 0) + lostCents);
      continue;
    }
    // Won with no date of resolution: given back at once.
    events.push({ saleId: id, kind: KIND[resource], atMs: r.at, lostCents, ...(r.won ? { reversedMs: r.resolvedAt ?? r.at } : {}) });
  }
  return { events, undated, unusable };
}

export interface PayoutRecords {
  purchases: Purchase[];
  refunds: GenericRecord[] | null;
  chargebacks: GenericRecord[] | null;
  unavailable: EventResource[];
  reports: RangeReport[];
  assumedCurrencyRecords: number;
  currency: Awaited<ReturnType<typeof currencyAssumptionFor>>;
  history: { from: string; to: string };
}

export interface PayoutPurchases {
  purchases: Purchase[];
  report: RangeReport;
  assumedCurrencyRecords: number;
  currency: Awaited<ReturnType<typeof currencyAssumptionFor>>;
  history: { from: string; to: string };
}

/** The history's sales as the calendar's columns, with the fetch's report and the currency decision: what the calendar and the Overview's funds count. */
export interface PayoutSales extends Omit<PayoutPurchases, "purchases"> { sales: PayoutSaleColumns }

/**
 * What of the history's sales falls due to the key in `window` (the Overview's funds), with the
 * history's fetch report: summed by the purchases fact table when it holds every day of the
 * history as the mirror served them (payouts-facts.ts), else from the records as the calendar's
 * sale columns.
 */
export async function loadFundsDue(client: MirroredClient, keyType: KeyType, now: Date, window: { fromMs: number; toMs: number }, given: LoadOptions = {}): Promise<{ funds: CurrencyAmount[]; report: RangeReport }> {
  const options = withReportDeadline(client, given);
  const history = payoutHistory(now);
  const held = options.facts ? await heldHistory(client, history, options, options.facts) : null;
  if (held && options.facts) {
    const sums = await options.facts.fundsDue(client.identity, history, held.plan, window);
    return { funds: fundsDueRows(sums.map((s) => ({ currency: s.currency, cents: [s.creatorNet, s.affiliationNet][netShareIndex(keyType)]!, count: s.sales }))), report: held.report };
  }
  const { purchases, report } = await loadPayoutPurchases(client, now, options);
  return { funds: fundsDueWithin(payoutColumnsOfRecords(purchases), keyType, window), report };
}

/** The history's purchases (from the mirror where it holds them), with their assumed currency: what the calendar counts. */
export async function loadPayoutPurchases(client: MirroredClient, now: Date, given: LoadOptions = {}): Promise<PayoutPurchases> {
  const options = withReportDeadline(client, given);
  const history = payoutHistory(now);
  const purchases = await client.fetchRange("purchases", history, rangeOptions(options));
  const decided = await currencyAssumptionFor(client, purchases.records, undefined, options.deadline);
  const assumed = withAssumedCurrency(purchases.records, decided);
  const currency = { ...decided, tally: assumed.tally };
  return { purchases: assumed.records, report: purchases.report, assumedCurrencyRecords: assumed.assumed, currency, history };
}

/**
 * The calendar from the purchases fact table when it holds every day of the history as the
 * mirror served them (payouts-facts.ts), else from the purchase records; the same view either way.
 */
export async function buildPayoutsView(client: MirroredClient, keyType: KeyType, request: PayoutsRequest, given: LoadOptions = {}): Promise<PayoutsView> {
  const options = withReportDeadline(client, given);
  const history = payoutHistory(request.now);
  // The refunds and chargebacks from their fact tables when they hold the history (payouts-losses.ts), else their records.
  const losses = loadPayoutLossRows(client, history, options);
  losses.catch(() => undefined);
  const fromFacts = options.facts ? await payoutInputsHeld(client, history, options, options.facts, losses) : null;
  if (fromFacts) return payoutsViewKept(fromFacts.inputs, keyType, request, client.identity, undefined, fromFacts.closed);
  const [{ purchases, report, ...bought }, events] = await Promise.all([loadPayoutPurchases(client, request.now, options), losses]);
  return payoutsViewKept({ ...bought, ...events, reports: [report, ...events.reports], sales: payoutColumnsOfRecords(purchases) }, keyType, request, client.identity);
}

/** The account curve needs this many sales past the horizon; with fewer, nothing is expected and the page says why. */
export const MIN_MATURE_SALES = 100;

/** What the view is made of: the records' or the fact table's sales as columns, the loss records as rows, the fetch reports. */
export type PayoutInputs = Omit<PayoutRecords, "purchases" | "refunds" | "chargebacks"> & PayoutLossRows & { sales: PayoutSaleColumns };

export function payoutsViewFrom(data: PayoutRecords, keyType: KeyType, request: PayoutsRequest): PayoutsView {
  return payoutsViewOf(inputsOfRecords(data), keyType, request);
}

export function inputsOfRecords(data: PayoutRecords): PayoutInputs {
  const { purchases, ...rest } = data;
  return { ...rest, ...lossRowsOf(rest), sales: payoutColumnsOfRecords(purchases) };
}

export function payoutsViewOf(data: PayoutInputs, keyType: KeyType, request: PayoutsRequest): PayoutsView {
  const model = payoutModelOf(data, keyType, request);
  return payoutsViewWith(model, data, keyType, request, model.spans.length > 0 ? runBacktest(model.sales, model.events, model.spans, model.nowMs, model.localDay, model.lossSales) : NO_BACKTEST);
}

/**
 * The same view, made in a worker thread, with the back-test's month starts kept between
 * requests (payouts-kept.ts, payouts-view-worker.ts). With `closed`, `data`'s sales are the
 * newest days' and the worker adds the closed days' it keeps; when it does not, they are read
 * and sent once, to be kept.
 */
export async function payoutsViewKept(data: PayoutInputs, keyType: KeyType, request: PayoutsRequest, identity: string, backtests?: PayoutBacktests, closed: ClosedDays | null = null): Promise<PayoutsView> {
  return viewWithKeptMonths({ identity, keyType, history: data.history, reports: data.reports }, backtestSpans(data.history.from, request.now.getTime(), request.tz), (kept, engine) => viewWithClosedDays(engine, data, keyType, request, kept, closed), backtests);
}

async function viewWithClosedDays(engine: PayoutsViewEngine, data: PayoutInputs, keyType: KeyType, request: PayoutsRequest, kept: Array<BacktestSpanKept | null>, closed: ClosedDays | null): Promise<ViewMade> {
  if (closed) {
    const found = await engine.payoutsView(data, keyType, request, kept, { key: closed.key, sales: null });
    if (!found.missing) return found;
  }
  // The closed days' sales are read for this call alone: they move to the worker, which keeps them, rather than being copied.
  return madeView(await engine.payoutsView(data, keyType, request, kept, closed && closedSalesToMove(closed.key, await closed.read())));
}

function madeView(made: MadeView): ViewMade {
  // The worker answers `missing` only when it was sent no closed days' sales.
  if (made.missing) throw new Error("the payout view's worker asked again for the sales it was sent");
  return made;
}

export const NO_BACKTEST: BacktestResult = { months: [], dayLosses: [] };

/**
 * The calendar's sales as the model's table and its losses as events: what the model, the
 * back-test and the calendar read of the inputs. It depends on now only through the sales made
 * after it, which are left out (the view's worker keeps it while those and the inputs stay the
 * same: payouts-view-worker.ts). `older`: the closed days' sales, when the inputs' are the newer
 * days' alone (payout-sale-parts.ts); the table is the one of both ranges' sales read as one.
 */
export function payoutSalesOf(data: PayoutInputs, keyType: KeyType, nowMs: number, older: PayoutSaleColumns | null = null) {
  const parts = salePartsOf(data.sales, older);
  // The rows of the sales a loss names: a few thousand of a million (no index of every sale).
  const named = new Set<number>();
  for (const list of [data.refunds, data.chargebacks]) for (const id of list?.saleId ?? []) if (!Number.isNaN(id)) named.add(id);
  const rowOf = rowsOfNamedIn(parts, named);
  const refunds = toEvents("refunds", data.refunds, rowOf, parts, keyType);
  const chargebacks = toEvents("chargebacks", data.chargebacks, rowOf, parts, keyType);
  const events = [...refunds.events, ...chargebacks.events];
  // The sales' table is made here, for this request. The rows of the sales a loss names are marked
  // from rowOf, so no sale's id is looked up in a set or a map (~0.3 s at a million sales): those
  // a dated loss names (1: one index of them for the model at now, the back-test's months and the
  // calendar: payout-risk.ts's lossSalesOf), and those an undated one does (2: its loss is set on
  // the sale's row).
  const marks = new Uint8Array(parts.length);
  for (const e of events) {
    const row = rowOf.get(e.saleId);
    if (row !== undefined) marks[row]! |= 1;
  }
  for (const undated of [refunds.undated, chargebacks.undated]) {
    for (const id of undated.keys()) {
      const row = rowOf.get(id);
      if (row !== undefined) marks[row]! |= 2;
    }
  }
  const namedRows: number[] = [];
  const undatedRows: number[] = [];
  const sales = saleTableOfParts(parts, keyType, nowMs, marks, namedRows, undatedRows);
  for (const i of undatedRows) {
    const id = sales.id[i]!;
    const undated = (refunds.undated.get(id) ?? 0) + (chargebacks.undated.get(id) ?? 0);
    if (undated > 0) sales.lostNow[i] = Math.min(sales.net[i]!, Math.max(sales.lostNow[i]!, undated));
  }
  // Made as sales after the undated losses are set: only these few rows become objects.
  const lossSales = new Map<number, PayoutSale>();
  for (const row of namedRows) lossSales.set(sales.id[row]!, saleAt(sales, row));
  return { sales, lossSales, events, unusable: { refunds: refunds.unusable, chargebacks: chargebacks.unusable } };
}

export type PayoutSalesMade = ReturnType<typeof payoutSalesOf>;

/**
 * The calendar's sales and losses, and the risk model fitted at now; the months to back-test
 * where it applies (exported for bench:payout-facts's phases). `made`: the inputs' payoutSalesOf
 * at this now, when kept (never changed here: the model's fit keeps what it sorts of them).
 */
export function payoutModelOf(data: PayoutInputs, keyType: KeyType, request: PayoutsRequest, made: PayoutSalesMade = payoutSalesOf(data, keyType, request.now.getTime())) {
  const nowMs = request.now.getTime();
  const { sales, lossSales, events, unusable } = made;
  const fitted = fitRiskModel(sales, events, nowMs, lossSales);
  const applied = fitted.matureSales >= MIN_MATURE_SALES;
  const zone = zoneForDays(parseDay(data.history.from) - 1, parseDay(data.history.to) + 1, request.tz);
  const localDay = (ms: number) => Math.floor((ms + zone.offsetAt(ms)) / DAY_MS);
  const spans = applied ? backtestSpans(data.history.from, nowMs, request.tz) : [];
  return { nowMs, sales, lossSales, events, unusable, fitted, applied, model: applied ? fitted : noRiskModel(nowMs), localDay, spans };
}

// The inputs' sales and losses are read only through `prepared`: the view's worker passes the newer days' alone when it keeps the model's table.
export function payoutsViewWith(prepared: ReturnType<typeof payoutModelOf>, data: Omit<PayoutInputs, "sales" | "refunds" | "chargebacks">, keyType: KeyType, request: PayoutsRequest, backtest: BacktestResult): PayoutsView {
  const { sales, events, fitted, applied, model } = prepared;
  const today = todayIn(request.tz, request.now);
  const month = request.month ?? monthOfDay(today);
  const bands = currencyBands(backtest);
  const errors = backtestErrors(backtest.months);
  // The expectation only where its own back-test beats none (the page says why elsewhere).
  const helps = currenciesModelHelps(errors);
  const expectationIn = (currency: string): PayoutCurrency["expectation"] => (!applied ? "noModel" : helps.has(currency) ? "applied" : errors.some((e) => e.currency === currency) ? "notBetter" : "untested");
  const { days, dayStartsMs } = monthDays(month, request.tz);
  const calendar = payoutCalendar({ days, dayStartsMs, sales, lossSales: prepared.lossSales, events, model, bandOf: (currency) => bands.get(currency)?.day ?? null, expects: (currency) => helps.has(currency) });
  const units = (c: number | null) => (c === null ? null : fromCents(c));
  const currencies: PayoutCurrency[] = calendar.map(({ currency, days: rows }) => {
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
    const base = sum((r) => r.scheduled - r.lost);
    const expectedLoss = sum((r) => r.expectedLoss);
    const band = bands.get(currency) ?? { day: null, month: null, days: 0, months: 0 };
    const expectation = expectationIn(currency);
    // A month's band from back-tested months: days' bands do not add up to a month's.
    const monthBand = expectation === "applied" && band.month ? bandAround(base, expectedLoss, band.month) : null;
    return {
      currency,
      expectation,
      days: rows.map((r) => ({ ...r, scheduled: fromCents(r.scheduled), lost: fromCents(r.lost), expectedLoss: fromCents(r.expectedLoss), expected: fromCents(r.expected), low: units(r.low), high: units(r.high) })),
      totals: {
        sales: sum((r) => r.sales),
        scheduled: fromCents(sum((r) => r.scheduled)),
        lost: fromCents(sum((r) => r.lost)),
        expectedLoss: fromCents(expectedLoss),
        expected: fromCents(base - expectedLoss),
        low: monthBand ? fromCents(monthBand.low) : null,
        high: monthBand ? fromCents(monthBand.high) : null,
      },
      bands: band,
      availableSoFar: fromCents(rows.filter((r) => r.day < today).reduce((n, r) => n + r.scheduled - r.lost, 0)),
    };
  });
  const share = (g: Float64Array) => g[HORIZON_DAYS]!;
  return {
    keyType,
    month,
    tz: request.tz,
    today,
    now: request.now.toISOString(),
    months: payoutMonthBounds(request.now, request.tz),
    // Sales made before the history and paid out in its first month are not in it.
    incompleteUntil: shiftDay(data.history.from, LONGEST_WAIT_DAYS),
    currencies,
    unscheduled: sales.availableMs.reduce((n, ms) => (Number.isNaN(ms) ? n + 1 : n), 0),
    model: {
      applied,
      minMatureSales: MIN_MATURE_SALES,
      horizonDays: HORIZON_DAYS,
      history: data.history,
      matureSales: fitted.matureSales,
      refundShare: share(fitted.account.refund),
      chargebackShare: share(fitted.account.chargeback),
      productCurves: model.byProduct.size,
      minProductSales: MIN_PRODUCT_SALES,
      unavailable: data.unavailable,
      unusable: prepared.unusable,
      minBandDays: MIN_BAND_DAYS,
      minBandMonths: MIN_BAND_MONTHS,
    },
    backtest: {
      months: backtest.months.map((m) => ({ ...m, scheduled: fromCents(m.scheduled), predicted: fromCents(m.predicted), naive: fromCents(m.naive), actual: fromCents(m.actual), error: m.actual > 0 ? (m.predicted - m.actual) / m.actual : null })),
      errors,
    },
    quality: reportQuality({ current: data.reports, comparison: null }, { records: data.assumedCurrencyRecords, currency: data.currency }),
  };
}
