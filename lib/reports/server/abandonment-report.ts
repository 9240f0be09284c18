import "server-only";

// The Abandonment report (creator keys only), computed on the server from carts and the
// purchases of the same days: KPIs with deltas, funnel, declines, where, recovery.
import type { AbandonmentKpis } from "@/lib/analytics/abandonment-kpis";
import { kpiPanels, recordPanels, type AbandonmentKpiPanels, type AbandonmentPanels } from "@/lib/analytics/abandonment-panels";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import type { DayRange } from "@/lib/analytics/compare";
import type { ReportParams } from "@/lib/report-params/definitions";
import { cartRecords, loadAbandonmentWith, purchaseRecords, type AbandonmentRecords, type CartsOf, type PurchasesOf, type ReportCart, type ReportPurchase } from "@/lib/reports/server/abandonment-records";
import { factCartsOf, heldCartMarks } from "@/lib/reports/server/abandonment-facts";
import { factPurchasesOf, heldPurchaseMarks } from "@/lib/reports/server/abandonment-purchase-facts";
import { factPanelsOf } from "@/lib/reports/server/abandonment-panel-facts";
import { assumeCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { loadBothPeriods, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { kpiCards, type KpiSpec } from "@/lib/reports/kpi-cards";
import { reportQuality } from "@/lib/reports/report-quality";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export const ABANDONMENT_KPIS: KpiSpec<AbandonmentKpis> = [
  { key: "abandonedCarts", label: "Abandoned carts", kind: "count", lowerIsBetter: true },
  { key: "abandonedValue", label: "Value abandoned", kind: "money", lowerIsBetter: true },
  { key: "recoveredCarts", label: "Recovered carts", kind: "count" },
  { key: "recoveredValue", label: "Value recovered", kind: "money" },
  { key: "recoveryRate", label: "Recovery rate", kind: "rate" },
  { key: "abandonmentRate", label: "Abandonment rate", kind: "rate", lowerIsBetter: true },
  { key: "purchasedCheckouts", label: "Purchased checkouts", kind: "count" },
  { key: "medianMinutesToAbandon", label: "Median time to abandon", kind: "minutes" },
];

/** A period as the view reads it, whichever path made its panels. */
interface ViewPeriod<P> {
  panels: P;
  reports: RangeReport[];
  /** The currency of purchases that came without one, and how many of the range's purchases took it. */
  currency: CurrencyAssumption;
  assumedCurrencyRecords: number;
}

/**
 * What the note on currency says: purchases placed by their offer or the setting (their
 * offers' carts with them), else the carts whose offer's currency cannot be told ("unknown").
 */
function missingCurrency(data: ViewPeriod<AbandonmentPanels>) {
  if (data.assumedCurrencyRecords > 0 && (data.currency.source !== "none" || (data.currency.tally && data.currency.tally.unknown < data.assumedCurrencyRecords))) return { records: data.assumedCurrencyRecords, currency: data.currency };
  return { records: data.panels.untold(), currency: assumeCurrency(null) };
}

/**
 * The view. When the carts and the purchases fact tables both hold every day of both periods as
 * the mirror served them, its panels are aggregates made in the carts' store
 * (abandonment-panel-facts.ts), which reads the purchases table beside its own (not when the
 * embedded purchases are on DuckDB); else its carts and its purchases each from their table when it
 * holds them (abandonment-facts.ts, abandonment-purchase-facts.ts), else from their records.
 */
export async function buildAbandonmentView(client: MirroredClient, params: ReportParams, given: LoadOptions = {}) {
  const loadOptions = withReportDeadline(client, given);
  const sources = await abandonmentSources(client, params, loadOptions);
  if ("panels" in sources) {
    const load = sources.panels;
    const current = (period: ReportParams) => period.from === params.from && period.to === params.to;
    const { comparison, data, before } = await loadBothPeriods(client, params, loadOptions, (period, options) => (current(period) ? load(period, options) : load(period, options, "kpis")));
    return viewOf(params, comparison, data as ViewPeriod<AbandonmentPanels>, before as ViewPeriod<AbandonmentKpiPanels> | null);
  }
  return (await loadReport<ReportCart, ReportPurchase>(client, params, loadOptions, sources.cartsOf, sources.purchasesOf)).view;
}

/**
 * The KPIs of one period (no comparison, every filter of `params`), as the report's KPIs are
 * made: the Overview's abandoned carts of the week. Aggregates of the carts' store where it holds
 * the period, else the carts and purchases from their tables or records.
 */
export async function loadAbandonmentKpis(client: MirroredClient, params: ReportParams, given: LoadOptions = {}): Promise<{ kpis: AbandonmentKpis[]; reports: RangeReport[] }> {
  const loadOptions = withReportDeadline(client, given);
  const sources = await abandonmentSources(client, params, loadOptions);
  if ("panels" in sources) {
    const period = await sources.panels(params, loadOptions, "kpis");
    return { kpis: period.panels.kpis, reports: period.reports };
  }
  const data = await loadAbandonmentWith(client, params, loadOptions, sources.cartsOf, sources.purchasesOf);
  return { kpis: kpiPanels(data.carts, data.purchases, data.currencyOf).kpis, reports: data.reports };
}

/**
 * Where the report's figures come from: aggregates made in the carts' store when the carts and the
 * purchases fact tables both hold every day of the range (and its comparison) as the mirror served
 * them, and the carts' store reads the purchases table; else the carts and the purchases each from
 * their table when it holds them, else from their records.
 */
async function abandonmentSources(client: MirroredClient, params: ReportParams, options: LoadOptions): Promise<{ panels: ReturnType<typeof factPanelsOf> } | { cartsOf: CartsOf<ReportCart>; purchasesOf: PurchasesOf<ReportPurchase> }> {
  const { cartFacts, facts } = options;
  const [carts, purchases] = await Promise.all([cartFacts ? heldCartMarks(client, params, options, cartFacts) : null, facts ? heldPurchaseMarks(client, params, options, facts) : null]);
  if (carts && purchases && options.cartStoreReadsPurchases !== false) return { panels: factPanelsOf(client, carts, purchases, cartFacts!) };
  return { cartsOf: carts ? factCartsOf(client, carts, cartFacts!) : cartRecords, purchasesOf: purchases ? factPurchasesOf(client, purchases, facts!) : purchaseRecords };
}

/** The view and the records it was made from: for the CSVs, which keep the records' path (they list each cart with its customer's details). */
export function loadAbandonmentReport(client: MirroredClient, params: ReportParams, given: LoadOptions = {}) {
  return loadReport(client, params, given, cartRecords, purchaseRecords);
}

async function loadReport<C extends ReportCart, P extends ReportPurchase>(client: MirroredClient, params: ReportParams, given: LoadOptions, cartsOf: CartsOf<C>, purchasesOf: PurchasesOf<P>) {
  const { comparison, data, before: previous } = await loadBothPeriods(client, params, given, (period, options) => loadAbandonmentWith(client, period, options, cartsOf, purchasesOf));
  const period = <T>(d: AbandonmentRecords<C, P>, panels: T): ViewPeriod<T> => ({ panels, reports: d.reports, currency: d.currency, assumedCurrencyRecords: d.assumedCurrencyRecords });
  const current = period(data, recordPanels(data.carts, data.purchases, data.currencyOf, { from: params.from, to: params.to, granularity: params.granularity, timeZone: params.tz }));
  const before = previous ? period(previous, kpiPanels(previous.carts, previous.purchases, previous.currencyOf)) : null;
  return { view: viewOf(params, comparison, current, before), data };
}

function viewOf(params: ReportParams, compare: DayRange | null, data: ViewPeriod<AbandonmentPanels>, previous: ViewPeriod<AbandonmentKpiPanels> | null) {
  const keep = <T extends { currency: string }>(rows: T[]) => (params.currency ? rows.filter((r) => r.currency === params.currency) : rows);
  const p = data.panels;
  const comparisonDataFrom = compare && previous ? comparisonDataStart(compare, previous.panels.days, p.days) : null;
  return {
    range: { from: params.from, to: params.to, tz: params.tz },
    comparison: compare,
    comparisonDataFrom,
    totalCarts: p.totalCarts,
    kpis: kpiCards(keep(p.kpis), previous ? keep(previous.panels.kpis) : [], ABANDONMENT_KPIS, { withComparison: compare !== null, partialComparison: comparisonDataFrom !== null }),
    funnel: p.funnel,
    funnelByOffer: p.funnelByOffer,
    funnelByVersion: p.funnelByVersion,
    funnelByMode: p.funnelByMode,
    declines: p.declines,
    matrix: p.matrix,
    matrixRecovery: p.matrixRecovery,
    approval: p.approval,
    attempts: p.attempts,
    byOffer: p.byOffer,
    byProduct: p.byProduct,
    /** The Offer filter's choices in words: each offer's name and products. */
    offers: p.offers,
    byCountryState: p.byCountryState,
    heatmap: p.heatmap,
    series: keep(p.series),
    recovery: p.recovery,
    recoveredSeries: keep(p.recoveredSeries),
    quality: reportQuality({ current: data.reports, comparison: previous?.reports ?? null }, missingCurrency(data)),
  };
}

export type AbandonmentView = Awaited<ReturnType<typeof buildAbandonmentView>>;
