// GET /api/export/affiliates/{dataset}?{report params}: the Affiliates leaderboard as CSV (the
// whole filtered range), or "all" as a ZIP; creator keys only, refused before any fetch.
import { AFFILIATES_CSV_NAMES, AFFILIATES_HOLD_COMPARISON, affiliatesDatasets } from "@/lib/reports/server/affiliates-csv";
import { loadAffiliatesReport } from "@/lib/reports/server/affiliates-report";
import { lookupExport } from "@/lib/reports/server/export-names";
import { csvLocaleOf, csvLocaleRefusal, exportParams, exportResponse } from "@/lib/reports/server/report-export";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";

const NAMES = new Map([...AFFILIATES_CSV_NAMES].map((name) => [name, name]));

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: true, download: true }, async ({ account, client, params: asked }) => {
    const known = lookupExport(NAMES, dataset);
    if (!known.ok) return errorResponse(404, "not_found", known.message);
    const refusal = csvLocaleRefusal(request);
    if (refusal) return refusal;
    const params = exportParams(asked, dataset, AFFILIATES_HOLD_COMPARISON);
    const { view } = await loadAffiliatesReport(client, params, { signal: request.signal });
    return exportResponse(dataset, { report: "affiliates", title: "Affiliates", accountLabel: account.label, range: params, quality: view.quality, holdsComparison: AFFILIATES_HOLD_COMPARISON, datasets: affiliatesDatasets(view), csvLocale: csvLocaleOf(request) });
  });
}
