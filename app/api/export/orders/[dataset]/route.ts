// GET /api/export/orders/{dataset}?{report params}: one CSV of the Orders report (creator keys
// only), or "all" as a ZIP of every CSV; for the signed-in account only.
import { ORDERS_CSV_NAMES, ordersDatasets } from "@/lib/reports/server/orders-csv";
import { loadOrdersReport } from "@/lib/reports/server/orders-report";
import { reportExportRoute } from "@/lib/reports/server/report-export-route";

export const GET = reportExportRoute({ report: "orders", title: "Orders", names: ORDERS_CSV_NAMES, holdsComparison: new Set(["kpis"]), creatorOnly: true }, async ({ request, client, params }) => {
  const { view, orders } = await loadOrdersReport(client, params, { signal: request.signal });
  return { quality: view.quality, datasets: ordersDatasets(view, orders) };
});
