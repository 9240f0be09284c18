// GET /api/export/revenue/{dataset}?{report params}: one CSV of the Revenue report (the whole
// filtered range), or "all" as a ZIP of every CSV; for the signed-in account only.
import { lookupExport } from "@/lib/reports/server/export-names";
import { csvLocaleOf, csvLocaleRefusal, exportParams, exportResponse } from "@/lib/reports/server/report-export";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";
import { REVENUE_CSV_NAMES, revenueDatasets } from "@/lib/reports/server/revenue-csv";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";

const NAMES = new Map([...REVENUE_CSV_NAMES].map((name) => [name, name]));
const HOLDS_COMPARISON = new Set(["kpis", "series"]);

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: false, download: true }, async ({ account, client, params: asked }) => {
    // A name that can never exist is refused before any upstream request.
    const known = lookupExport(NAMES, dataset);
    if (!known.ok) return errorResponse(404, "not_found", known.message);
    const refusal = csvLocaleRefusal(request);
    if (refusal) return refusal;
    const params = exportParams(asked, dataset, HOLDS_COMPARISON);
    const records = await loadRevenueRecords(client, params, { signal: request.signal });
    const view = revenueViewFrom(revenueSummariesFrom(records), account.keyType, params);
    return exportResponse(dataset, {
      report: "revenue",
      title: "Revenue",
      accountLabel: account.label,
      range: params,
      quality: view.quality,
      datasets: revenueDatasets(view, records.current, account.keyType),
      holdsComparison: HOLDS_COMPARISON,
      csvLocale: csvLocaleOf(request),
    });
  });
}
