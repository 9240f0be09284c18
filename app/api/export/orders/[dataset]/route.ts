// GET /api/export/orders/{dataset}?{report params}: one CSV of the Orders report (creator keys
// only), or "all" as a ZIP of every CSV; for the signed-in account only.
import { lookupExport } from "@/lib/reports/server/export-names";
import { ORDERS_CSV_NAMES, ordersDatasets } from "@/lib/reports/server/orders-csv";
import { loadOrdersReport } from "@/lib/reports/server/orders-report";
import { csvLocaleOf, csvLocaleRefusal, exportParams, exportResponse } from "@/lib/reports/server/report-export";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";

const NAMES = new Map([...ORDERS_CSV_NAMES].map((name) => [name, name]));
const HOLDS_COMPARISON = new Set(["kpis"]);

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: true, download: true }, async ({ account, client, params: asked }) => {
    const known = lookupExport(NAMES, dataset);
    if (!known.ok) return errorResponse(404, "not_found", known.message);
    const refusal = csvLocaleRefusal(request);
    if (refusal) return refusal;
    const params = exportParams(asked, dataset, HOLDS_COMPARISON);
    const { view, orders } = await loadOrdersReport(client, params, { signal: request.signal });
    return exportResponse(dataset, { report: "orders", title: "Orders", accountLabel: account.label, range: params, quality: view.quality, datasets: ordersDatasets(view, orders), holdsComparison: HOLDS_COMPARISON, csvLocale: csvLocaleOf(request) });
  });
}
