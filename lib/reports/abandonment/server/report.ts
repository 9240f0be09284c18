import "server-only";

// The Abandonment report to the server: its view, its files and the abandoned-carts table,
// sorted over the whole filtered range once; always masked.
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { cartStoreReadsPurchases, getReportCartFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { ABANDONMENT_CSV_NAMES, abandonmentDatasets } from "@/lib/reports/server/abandonment-csv";
import type { AbandonmentRecords } from "@/lib/reports/server/abandonment-records";
import { buildAbandonmentView, loadAbandonmentReport } from "@/lib/reports/server/abandonment-report";
import { CART_SORT_KEYS, cartRowsPage } from "@/lib/reports/server/cart-rows";
import { filteredReport, type ShareKeep } from "@/lib/reports/server/filtered-report";
import type { ReportContext } from "@/lib/reports/server/report-module";
import { recoveredWords, rowsLocale } from "@/lib/reports/server/rows-locale";
import { cartsSnapshot, memoOf } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import type { SharedAbandonmentView, SharedViews } from "@/lib/sharing/shared-views";

async function cartsPage({ request, client, params, query }: ReportContext) {
  const snapshot = await cartsSnapshot(client, params, { signal: request.signal });
  const { records, currencyOf } = snapshot.entry.data;
  return cartRowsPage(records, currencyOf, readTableRequest(query, CART_SORT_KEYS, "sessionAt"), memoOf(snapshot), await rowsLocale(), await recoveredWords());
}

// A shared snapshot has no cart: the carts' file is dropped, and nothing else reads the records.
const NO_CARTS: AbandonmentRecords = { carts: [], purchases: [], currencyOf: () => undefined, reports: [], currency: assumeCurrency(null), assumedCurrencyRecords: 0 };

const KEEP = {
  range: true, comparison: true, comparisonDataFrom: true, kpis: true, funnel: true, funnelByOffer: true, funnelByVersion: true,
  funnelByMode: true, declines: true, matrix: true, matrixRecovery: true, approval: true, attempts: true, byOffer: true, byProduct: true,
  byCountryState: true, heatmap: true, series: true, recovery: true, recoveredSeries: true, quality: true,
} satisfies ShareKeep<SharedAbandonmentView>;

export const abandonmentReport = filteredReport({
  id: "abandonment",
  build: (client, _account, params, options) => buildAbandonmentView(client, params, { cartFacts: getReportCartFactStore(), facts: getReportFactStore(), cartStoreReadsPurchases: cartStoreReadsPurchases(), ...options }),
  exports: {
    names: ABANDONMENT_CSV_NAMES, holdsComparison: new Set(["kpis"]),
    load: ({ request, client, params }) => loadAbandonmentReport(client, params, { signal: request.signal }).then(({ view, data }) => ({ quality: view.quality, datasets: abandonmentDatasets(view, data) })),
  },
  tables: { carts: cartsPage },
  savedView: { tables: ["carts"] },
  share: { keep: KEEP, datasets: (view) => abandonmentDatasets(view as SharedViews["abandonment"] as AbandonmentView, NO_CARTS) },
});
