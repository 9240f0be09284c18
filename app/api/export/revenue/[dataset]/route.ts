// GET /api/export/revenue/{dataset}?{report params}: one CSV of the Revenue report (the whole
// filtered range), or "all" as a ZIP of every CSV; for the signed-in account only. The purchases
// file is written while its days are read from the mirror (revenue-export.ts).
import { lookupExport } from "@/lib/reports/server/export-names";
import { csvLocaleOf, csvLocaleRefusal, exportParams, exportResponse } from "@/lib/reports/server/report-export";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";
import { getReportFactStore } from "@/lib/mirror/mirror-access";
import { REVENUE_CSV_NAMES } from "@/lib/reports/server/revenue-csv";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";

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
    // The figures as the page has them; the purchases file streams from the mirror a day at a time.
    const { view, datasets } = await loadRevenueExport(client, account.keyType, params, { signal: request.signal, facts: getReportFactStore() });
    return exportResponse(dataset, {
      report: "revenue",
      title: "Revenue",
      accountLabel: account.label,
      range: params,
      quality: view.quality,
      datasets,
      holdsComparison: HOLDS_COMPARISON,
      csvLocale: csvLocaleOf(request),
    });
  });
}
