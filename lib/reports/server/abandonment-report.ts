import "server-only";

// The Abandonment report (creator keys only), computed on the server from carts and the
// purchases of the same days: KPIs with deltas, funnel, declines, where, recovery.
import { abandonmentKpis, type AbandonmentKpis } from "@/lib/analytics/abandonment-kpis";
import { approvalRates, attemptsPerCart, declineCodes, declineMatrix } from "@/lib/analytics/abandonment-declines";
import { checkoutFunnel } from "@/lib/analytics/abandonment-funnel";
import { declineRecovery } from "@/lib/analytics/decline-recovery";
import { recoveredSeries, recoveryDelays } from "@/lib/analytics/abandonment-recovery";
import { abandonedByCountryState, abandonedByOffer, abandonedByProduct, abandonedSeries, heatmap } from "@/lib/analytics/abandonment-where";
import { offerChoicesOf } from "@/lib/analytics/offer-choices";
import { comparisonDataStart } from "@/lib/analytics/comparison-coverage";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { SalesApiClient } from "@/lib/sales-api";
import { cartRecords, loadAbandonmentWith, purchaseRecords, type AbandonmentRecords, type CartsOf, type PurchasesOf, type ReportCart, type ReportPurchase } from "@/lib/reports/server/abandonment-records";
import { factCartsOf } from "@/lib/reports/server/abandonment-facts";
import { factPurchasesOf } from "@/lib/reports/server/abandonment-purchase-facts";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { loadBothPeriods, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { kpiCards, type KpiSpec } from "@/lib/reports/kpi-cards";
import { reportQuality } from "@/lib/reports/report-quality";

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

/**
 * What the note on currency says: purchases placed by their offer or the setting (their
 * offers' carts with them), else the carts whose offer's currency cannot be told ("unknown").
 */
function missingCurrency<C extends ReportCart, P extends ReportPurchase>(data: AbandonmentRecords<C, P>) {
  if (data.assumedCurrencyRecords > 0 && (data.currency.source !== "none" || (data.currency.tally && data.currency.tally.unknown < data.assumedCurrencyRecords))) return { records: data.assumedCurrencyRecords, currency: data.currency };
  return { records: data.carts.filter((c) => !data.currencyOf(c)).length, currency: assumeCurrency(null) };
}

/**
 * The view: its carts from the carts fact table and its purchases from the purchases fact table,
 * each when its table holds every day of both periods as the mirror served them
 * (abandonment-facts.ts, abandonment-purchase-facts.ts), else from their records.
 */
export async function buildAbandonmentView(client: SalesApiClient, params: ReportParams, given: LoadOptions = {}) {
  const loadOptions = withReportDeadline(client, given);
  const [carts, purchases] = await Promise.all([
    given.cartFacts ? factCartsOf(client, params, loadOptions, given.cartFacts) : null,
    given.facts ? factPurchasesOf(client, params, loadOptions, given.facts) : null,
  ]);
  return (await loadReport<ReportCart, ReportPurchase>(client, params, loadOptions, carts ?? cartRecords, purchases ?? purchaseRecords)).view;
}

/** The view and the records it was made from: for the CSVs, which keep the records' path (they list each cart with its customer's details). */
export function loadAbandonmentReport(client: SalesApiClient, params: ReportParams, given: LoadOptions = {}) {
  return loadReport(client, params, given, cartRecords, purchaseRecords);
}

async function loadReport<C extends ReportCart, P extends ReportPurchase>(client: SalesApiClient, params: ReportParams, given: LoadOptions, cartsOf: CartsOf<C>, purchasesOf: PurchasesOf<P>) {
  const { comparison: compare, data, before: previous } = await loadBothPeriods(client, params, given, (period, options) => loadAbandonmentWith(client, period, options, cartsOf, purchasesOf));
  const { currencyOf } = data;
  const options = { currencyOf };
  const keep = <T extends { currency: string }>(rows: T[]) => (params.currency ? rows.filter((r) => r.currency === params.currency) : rows);
  const current = keep(abandonmentKpis(data.carts, data.purchases, options));
  const before = previous ? keep(abandonmentKpis(previous.carts, previous.purchases, { currencyOf: previous.currencyOf })) : [];
  const series = { from: params.from, to: params.to, granularity: params.granularity, timeZone: params.tz, currencyOf };
  // Read as they are walked, not copied into one array of every cart's and purchase's timestamp.
  function* daysOf(d: AbandonmentRecords<C, P>): Generator<string> {
    for (const c of d.carts) yield c.sessionInitializedAt;
    for (const p of d.purchases) yield p.checkoutInitializedAt;
  }
  const comparisonDataFrom = compare && previous ? comparisonDataStart(compare, daysOf(previous), daysOf(data)) : null;
  const matrix = declineMatrix(data.carts);
  const view = {
    range: { from: params.from, to: params.to, tz: params.tz },
    comparison: compare,
    comparisonDataFrom,
    totalCarts: data.carts.length,
    kpis: kpiCards(current, before, ABANDONMENT_KPIS, { withComparison: compare !== null, partialComparison: comparisonDataFrom !== null }),
    funnel: checkoutFunnel(data.carts, data.purchases),
    funnelByOffer: checkoutFunnel(data.carts, data.purchases, "offerCode"),
    funnelByVersion: checkoutFunnel(data.carts, data.purchases, "checkoutVersion"),
    funnelByMode: checkoutFunnel(data.carts, data.purchases, "sessionMode"),
    declines: declineCodes(data.carts, options),
    matrix,
    matrixRecovery: declineRecovery(data.carts, matrix),
    approval: { psp: approvalRates(data.carts, "psp"), paymentMethod: approvalRates(data.carts, "paymentMethod"), cardBrand: approvalRates(data.carts, "cardBrand") },
    attempts: attemptsPerCart(data.carts),
    byOffer: abandonedByOffer(data.carts, options),
    byProduct: abandonedByProduct(data.carts, options),
    /** The Offer filter's choices in words: each offer's name and products. */
    offers: offerChoicesOf(data.carts),
    byCountryState: abandonedByCountryState(data.carts, options).slice(0, 20),
    heatmap: heatmap(data.carts, params.tz),
    series: keep(abandonedSeries(data.carts, series)),
    recovery: recoveryDelays(data.carts, options),
    recoveredSeries: keep(recoveredSeries(data.carts, series)),
    quality: reportQuality({ current: data.reports, comparison: previous?.reports ?? null }, missingCurrency(data)),
  };
  return { view, data };
}

export type AbandonmentView = Awaited<ReturnType<typeof buildAbandonmentView>>;
