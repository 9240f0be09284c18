import "server-only";

// The Orders report (creator keys only): orders over time per currency and fulfilment; the
// table's rows come a page at a time (order-rows.ts). The same URL parameters as every report.
// The view is read from the orders fact table when it holds the range (orders-facts.ts), the
// same view the records give.
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import { fulfilment, type Fulfilment } from "@/lib/analytics/fulfilment";
import { inLocalRange, revenueSeries, utcFetchWindow } from "@/lib/analytics/time-buckets";
import { totalsByCurrency, type CurrencyTotal } from "@/lib/analytics/totals-by-currency";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import type { Order } from "@/lib/sales-api";
import { withAssumedCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { kpiCards, type CurrencyKpis, type KpiSpec } from "@/lib/reports/kpi-cards";
import { offerChoicesOf } from "@/lib/analytics/offer-choices";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { filterOptionsOf, matchesFilters, type FilterPickers } from "@/lib/reports/server/record-filters";
import { reportQuality, type ReportQuality } from "@/lib/reports/report-quality";
import { loadBothPeriods, rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { ordersFiguresFromFacts } from "@/lib/reports/server/orders-facts";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface OrdersView {
  totals: CurrencyTotal[];
  /** Orders and their amount per currency, with their change against the comparison period. */
  kpis: CurrencyKpis[];
  comparison: { from: string; to: string } | null;
  /** Set when the comparison period starts before the account's data: its first day with data. */
  comparisonDataFrom: string | null;
  series: Array<{ currency: string; points: Array<{ bucket: string; amount: number; count: number }> }>;
  fulfilment: Fulfilment;
  quality: ReportQuality;
  /** What each filter can take in the range, before filtering: the filter bar's choices. */
  filterOptions: Partial<Record<FilterKey, string[]>>;
  /** The Offer filter's choices in words: each offer's name and products. */
  offers: OfferChoice[];
}

export const ORDER_KPIS: KpiSpec<CurrencyTotal> = [
  { key: "count", label: "Orders", labelKey: "orders", kind: "count" },
  { key: "amount", label: "Order amount", labelKey: "orderAmount", kind: "money" },
];

/** The field each filter compares on an order (the tests draw their filter values from it). */
export const ORDER_FILTERS: FilterPickers<Order> = {
  product: (o) => o.productName,
  offer: (o) => o.offerCode,
  method: (o) => o.paymentMethod,
  psp: (o) => o.psp,
  brand: (o) => o.cardBrand || "none",
  country: (o) => o.shippingCountry,
};

export interface LoadedOrders { orders: Order[]; filterOptions: Partial<Record<FilterKey, string[]>>; offers: OfferChoice[]; report: RangeReport; currency: CurrencyAssumption; assumedCurrencyRecords: number }

export async function loadOrders(client: MirroredClient, params: ReportParams, options: LoadOptions = {}): Promise<LoadedOrders> {
  const { records, report } = await client.fetchRange("orders", utcFetchWindow(params.from, params.to, params.tz), rangeOptions(options));
  const inRange = records.filter((o) => inLocalRange(o.checkoutInitializedAt, params.from, params.to, params.tz));
  const decided = await currencyAssumptionFor(client, inRange, options.currency, options.deadline);
  const dated = withAssumedCurrency(inRange, decided);
  const orders = dated.records.filter((o) => matchesFilters(o, params.filters, ORDER_FILTERS));
  return { orders, filterOptions: filterOptionsOf(dated.records, ORDER_FILTERS), offers: offerChoicesOf(dated.records), report, currency: { ...decided, tally: dated.tally }, assumedCurrencyRecords: dated.assumed };
}

/** What the view is made of, from the records or from the orders fact table. */
export interface OrdersFigures extends Omit<OrdersView, "kpis"> {
  /** The comparison period's totals ([] without one). */
  previousTotals: CurrencyTotal[];
}

function ordersView(figures: OrdersFigures): OrdersView {
  const { totals, previousTotals, comparison, comparisonDataFrom } = figures;
  return {
    totals,
    kpis: kpiCards(totals, previousTotals, ORDER_KPIS, { withComparison: comparison !== null, partialComparison: comparisonDataFrom !== null }),
    comparison,
    comparisonDataFrom,
    series: figures.series,
    fulfilment: figures.fulfilment,
    quality: figures.quality,
    filterOptions: figures.filterOptions,
    offers: figures.offers,
  };
}

/** The view: from the orders fact table when it holds the range as the mirror does (lib/reports/server/orders-facts.ts), else from the records. */
export async function buildOrdersView(client: MirroredClient, params: ReportParams, given: LoadOptions = {}): Promise<OrdersView> {
  const options = withReportDeadline(client, given);
  const fromFacts = options.orderFacts ? await ordersFiguresFromFacts(client, params, options, options.orderFacts) : null;
  return fromFacts ? ordersView(fromFacts) : (await loadOrdersReport(client, params, options)).view;
}

/** The view and the orders it was made from (the filtered range, every currency): for the CSVs, which need the records themselves. */
export async function loadOrdersReport(client: MirroredClient, params: ReportParams, given: LoadOptions = {}): Promise<{ view: OrdersView; orders: Order[] }> {
  const { comparison, data, before } = await loadBothPeriods(client, params, given, (period, options) => loadOrders(client, period, options));
  const { orders, report, currency, assumedCurrencyRecords, filterOptions, offers } = data;
  const ofCurrency = (list: Order[]) => (params.currency ? list.filter((o) => (o.currency ?? "unknown") === params.currency) : list);
  const shown = ofCurrency(orders);
  const previous = before ? ofCurrency(before.orders) : [];
  const daysOf = (list: Order[]) => list.map((o) => o.checkoutInitializedAt);
  const view = ordersView({
    totals: totalsByCurrency(shown, (o) => o.amountTransaction),
    previousTotals: totalsByCurrency(previous, (o) => o.amountTransaction),
    comparison,
    comparisonDataFrom: comparison && before ? comparisonDataStart(comparison, daysOf(before.orders), daysOf(orders)) : null,
    series: revenueSeries(shown, { from: params.from, to: params.to, granularity: params.granularity, timeZone: params.tz, value: (o) => o.amountTransaction, dateOf: (o) => o.checkoutInitializedAt }).map((s) => ({ currency: s.currency, points: s.points })),
    fulfilment: fulfilment(shown),
    quality: reportQuality({ current: [report], comparison: before ? [before.report] : null }, { records: assumedCurrencyRecords, currency }),
    filterOptions,
    offers,
  });
  return { view, orders };
}
