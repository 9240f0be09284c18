import "server-only";

// The payout calendar, computed on the server from the account's synced history (the last
// HISTORY_DAYS of purchases, refunds and chargebacks, read from the mirror where it holds them):
// the risk model fitted at the browser's "now", the month's days, and the back-test of the past
// months. The browser receives amounts per day and currency, never records.
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import { backtestErrors, bandRatios, MIN_BAND_DAYS, runBacktest } from "@/lib/analytics/payout-backtest";
import { payoutCalendar, type PayoutSale } from "@/lib/analytics/payout-calendar";
import { fitRiskModel, HORIZON_DAYS, MIN_PRODUCT_SALES, type LossEvent, type LossKind } from "@/lib/analytics/payout-risk";
import { fromCents, toCents } from "@/lib/analytics/money";
import { numberField } from "@/lib/analytics/refund-kpis";
import { timestampMs } from "@/lib/analytics/timestamps";
import { isoDay, shiftDay } from "@/lib/calendar";
import { todayIn } from "@/lib/report-params/presets";
import { errorKind, RESOURCES, type GenericRecord, type KeyType, type Purchase, type RangeReport, type SalesApiClient } from "@/lib/sales-api";
import { firstField } from "@/lib/sales-api/resources";
import { backtestSpans, monthDays, monthOfDay, shiftMonth } from "@/lib/reports/payouts-month";
import type { PayoutCurrency, PayoutsView } from "@/lib/reports/payouts-view";
import { reportQuality } from "@/lib/reports/report-quality";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";

/** The history the model learns from and the back-test runs on: what the background sync keeps by default. */
export const HISTORY_DAYS = 730;

export interface PayoutsRequest {
  /** The browser's minute: its clock decides "today", as on the Overview. */
  now: Date;
  /** YYYY-MM; the current month in the zone when absent. */
  month: string | null;
  tz: string;
}

type EventResource = "refunds" | "chargebacks";
const KIND: Record<EventResource, LossKind> = { refunds: "refund", chargebacks: "chargeback" };

/** The key's share of a sale: what becomes available to it. */
const netOf = (keyType: KeyType) => (keyType === "creator" ? (p: Purchase) => p.amountCreatorNet : (p: Purchase) => p.amountAffiliationNet);

function toSales(purchases: readonly Purchase[], keyType: KeyType, nowMs: number): PayoutSale[] {
  const net = netOf(keyType);
  const sales: PayoutSale[] = [];
  for (const p of purchases) {
    const soldMs = timestampMs(p.purchaseCreatedAt || p.checkoutInitializedAt);
    if (!Number.isFinite(soldMs) || soldMs > nowMs) continue;
    const netCents = toCents(net(p));
    const transaction = toCents(p.amountTransaction);
    const refunded = toCents(p.amountRefunded);
    const availableMs = p.incomingAvailableAt ? timestampMs(p.incomingAvailableAt) : NaN;
    sales.push({
      id: p.purchaseId,
      soldMs,
      netCents,
      product: p.productName || "",
      currency: p.currency || "",
      availableMs: Number.isFinite(availableMs) ? availableMs : null,
      refundedNetCents: refunded > 0 ? Math.round(netCents * Math.min(1, transaction > 0 ? refunded / transaction : 1)) : 0,
    });
  }
  return sales;
}

/**
 * Refund and chargeback records as losses of their sale's net. The contract does not list their
 * fields: a record without the sale's purchaseId or a request date cannot teach the model, and
 * is counted as unusable (the page says how many). One of a sale older than the history is not.
 */
function toEvents(resource: EventResource, records: readonly GenericRecord[], purchases: ReadonlyMap<number, Purchase>, keyType: KeyType): { events: LossEvent[]; unusable: number } {
  const net = netOf(keyType);
  const events: LossEvent[] = [];
  let unusable = 0;
  for (const r of records) {
    const sale = purchases.get(Number(r.purchaseId));
    const at = firstField(r, RESOURCES[resource].filterColumns);
    const atMs = typeof at === "string" ? timestampMs(at) : NaN;
    if (r.purchaseId === undefined || r.purchaseId === null || !Number.isFinite(atMs)) unusable++;
    if (!sale || !Number.isFinite(atMs)) continue;
    const amount = toCents(numberField(r, "amount", "amountRefunded", "refundAmount", "amountTransaction"));
    const transaction = toCents(sale.amountTransaction);
    const share = amount > 0 && transaction > 0 ? Math.min(1, amount / transaction) : 1;
    events.push({ saleId: sale.purchaseId, kind: KIND[resource], atMs, lostCents: Math.round(toCents(net(sale)) * share) });
  }
  return { events, unusable };
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

export async function loadPayoutRecords(client: SalesApiClient, now: Date, given: LoadOptions = {}): Promise<PayoutRecords> {
  const options = withReportDeadline(client, given);
  const today = isoDay(now);
  const history = { from: shiftDay(today, -HISTORY_DAYS), to: today };
  const unavailable: EventResource[] = [];
  const events = async (resource: EventResource) => {
    try {
      return await client.fetchRange(resource, history, rangeOptions(options));
    } catch (error) {
      // Without these records the model learns nothing of that kind; the page says so.
      if (errorKind(error) !== "not_found") throw error;
      unavailable.push(resource);
      return null;
    }
  };
  const [purchases, refunds, chargebacks] = await Promise.all([client.fetchRange("purchases", history, rangeOptions(options)), events("refunds"), events("chargebacks")]);
  const currency = await currencyAssumptionFor(client, purchases.records);
  const assumed = withAssumedCurrency(purchases.records, currency.currency);
  return {
    purchases: assumed.records,
    refunds: refunds?.records ?? null,
    chargebacks: chargebacks?.records ?? null,
    unavailable: unavailable.sort(),
    reports: [purchases.report, ...(refunds ? [refunds.report] : []), ...(chargebacks ? [chargebacks.report] : [])],
    assumedCurrencyRecords: assumed.assumed,
    currency,
    history,
  };
}

export async function buildPayoutsView(client: SalesApiClient, keyType: KeyType, request: PayoutsRequest, options: LoadOptions = {}): Promise<PayoutsView> {
  return payoutsViewFrom(await loadPayoutRecords(client, request.now, options), keyType, request);
}

export function payoutsViewFrom(data: PayoutRecords, keyType: KeyType, request: PayoutsRequest): PayoutsView {
  const nowMs = request.now.getTime();
  const today = todayIn(request.tz, request.now);
  const month = request.month ?? monthOfDay(today);
  const byId = new Map(data.purchases.map((p) => [p.purchaseId, p]));
  const sales = toSales(data.purchases, keyType, nowMs);
  const refunds = toEvents("refunds", data.refunds ?? [], byId, keyType);
  const chargebacks = toEvents("chargebacks", data.chargebacks ?? [], byId, keyType);
  const events = [...refunds.events, ...chargebacks.events];
  const model = fitRiskModel(sales, events, nowMs);
  const backtest = runBacktest(sales, events, backtestSpans(data.history.from, nowMs, request.tz), nowMs);
  const band = bandRatios(backtest.dayLosses);
  const { days, dayStartsMs } = monthDays(month, request.tz);
  const calendar = payoutCalendar({ days, dayStartsMs, sales, events, model, band });
  const currencies: PayoutCurrency[] = calendar.map(({ currency, days: rows }) => {
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
    const base = sum((r) => r.scheduled - r.lost);
    const expectedLoss = sum((r) => r.expectedLoss);
    return {
      currency,
      days: rows.map((r) => ({ ...r, scheduled: fromCents(r.scheduled), lost: fromCents(r.lost), expectedLoss: fromCents(r.expectedLoss), expected: fromCents(r.expected), low: r.low === null ? null : fromCents(r.low), high: r.high === null ? null : fromCents(r.high) })),
      totals: {
        sales: sum((r) => r.sales),
        scheduled: fromCents(sum((r) => r.scheduled)),
        lost: fromCents(sum((r) => r.lost)),
        expectedLoss: fromCents(expectedLoss),
        expected: fromCents(base - expectedLoss),
        // The band is linear in the expected loss: the month's is the sum of its days'.
        low: band ? fromCents(sum((r) => r.low!)) : null,
        high: band ? fromCents(sum((r) => r.high!)) : null,
      },
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
    months: { first: monthOfDay(data.history.from), last: shiftMonth(monthOfDay(today), 1) },
    currencies,
    unscheduled: sales.filter((s) => s.availableMs === null).length,
    model: {
      horizonDays: HORIZON_DAYS,
      history: data.history,
      matureSales: model.matureSales,
      refundShare: share(model.account.refund),
      chargebackShare: share(model.account.chargeback),
      productCurves: model.byProduct.size,
      minProductSales: MIN_PRODUCT_SALES,
      unavailable: data.unavailable,
      unusable: { refunds: refunds.unusable, chargebacks: chargebacks.unusable },
      band,
      bandDays: backtest.dayLosses.filter((d) => d.expected > 0).length,
      minBandDays: MIN_BAND_DAYS,
    },
    backtest: {
      months: backtest.months.map((m) => ({ ...m, scheduled: fromCents(m.scheduled), predicted: fromCents(m.predicted), naive: fromCents(m.naive), actual: fromCents(m.actual), error: m.actual > 0 ? (m.predicted - m.actual) / m.actual : null })),
      errors: backtestErrors(backtest.months),
    },
    quality: reportQuality({ current: data.reports, comparison: null }, { records: data.assumedCurrencyRecords, currency: data.currency }),
  };
}
