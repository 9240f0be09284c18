// GET /api/export/refunds/{dataset}?{report params}: one CSV of the Refunds & chargebacks
// report (the whole filtered range), or "all" as a ZIP of every CSV; for the signed-in account.
import { lookupExport } from "@/lib/reports/server/export-names";
import { REFUNDS_CSV_NAMES, refundsDatasets } from "@/lib/reports/server/refunds-csv";
import { loadRefundsReport } from "@/lib/reports/server/refunds-report";
import { csvLocaleOf, csvLocaleRefusal, exportParams, exportResponse } from "@/lib/reports/server/report-export";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";

const NAMES = new Map([...REFUNDS_CSV_NAMES].map((name) => [name, name]));
// No file of this report holds the comparison period's figures.
const HOLDS_COMPARISON = new Set<string>();

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: false, download: true }, async ({ account, client, params: asked }) => {
    const known = lookupExport(NAMES, dataset);
    if (!known.ok) return errorResponse(404, "not_found", known.message);
    const refusal = csvLocaleRefusal(request);
    if (refusal) return refusal;
    const params = exportParams(asked, dataset, HOLDS_COMPARISON);
    const { view, data } = await loadRefundsReport(client, account.keyType, params, { signal: request.signal });
    if ((dataset === "refunds" || dataset === "chargebacks") && data.unavailable.includes(dataset)) return errorResponse(404, "not_found", `The Sales API does not offer ${dataset} records right now.`);
    return exportResponse(dataset, { report: "refunds", title: "Refunds & chargebacks", accountLabel: account.label, range: params, quality: view.quality, datasets: refundsDatasets(view, data, account.keyType, params), csvLocale: csvLocaleOf(request) });
  });
}
