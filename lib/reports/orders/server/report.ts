import "server-only";

// The Orders report to the server: its view, its files and the orders table. When the orders
// fact table holds the range as the mirror serves it, the store sorts and cuts the table's page
// and only the days of its rows are opened (order-table-facts.ts); else the range's records are
// sorted once and paged from that order.
import { getReportOrderFactStore } from "@/lib/mirror/mirror-access";
import type { OrdersView } from "@/lib/reports/report-views";
import { filteredReport, type ShareKeep } from "@/lib/reports/server/filtered-report";
import { ORDER_SORT_KEYS, orderRowsPage } from "@/lib/reports/server/order-rows";
import { orderPageFromFacts } from "@/lib/reports/server/order-table-facts";
import { ORDERS_CSV_NAMES, ordersDatasets } from "@/lib/reports/server/orders-csv";
import { buildOrdersView, loadOrdersReport } from "@/lib/reports/server/orders-report";
import type { ReportContext } from "@/lib/reports/server/report-module";
import { rowsLocale } from "@/lib/reports/server/rows-locale";
import { memoOf, ordersSnapshot } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import type { SharedOrdersView, SharedViews } from "@/lib/sharing/shared-views";

async function ordersPage({ request, client, params, query }: ReportContext) {
  const tableRequest = readTableRequest(query, ORDER_SORT_KEYS, "createdAt");
  const locale = await rowsLocale();
  const facts = getReportOrderFactStore();
  const fromFacts = facts ? await orderPageFromFacts(client, params, tableRequest, facts, { signal: request.signal }, locale) : null;
  if (fromFacts) return fromFacts;
  const snapshot = await ordersSnapshot(client, params, { signal: request.signal });
  return orderRowsPage(snapshot.entry.data.records, tableRequest, memoOf(snapshot), locale);
}

const KEEP = { kpis: true, comparison: true, comparisonDataFrom: true, series: true, fulfilment: true, quality: true } satisfies ShareKeep<SharedOrdersView>;

export const ordersReport = filteredReport({
  id: "orders",
  build: (client, _account, params, options) => buildOrdersView(client, params, { orderFacts: getReportOrderFactStore(), ...options }),
  exports: {
    names: ORDERS_CSV_NAMES, holdsComparison: new Set(["kpis"]),
    load: ({ request, client, params }) => loadOrdersReport(client, params, { signal: request.signal }).then(({ view, orders }) => ({ quality: view.quality, datasets: ordersDatasets(view, orders) })),
  },
  tables: { orders: ordersPage },
  savedView: { tables: ["orders"] },
  share: { keep: KEEP, datasets: (view) => ordersDatasets(view as SharedViews["orders"] as OrdersView, []) },
});
