// GET /api/export/abandonment/{dataset}?{report params}: one CSV of the Abandonment report
// (creator keys only), or "all" as a ZIP of every CSV; for the signed-in account only.
import { ABANDONMENT_CSV_NAMES, abandonmentDatasets } from "@/lib/reports/server/abandonment-csv";
import { loadAbandonmentReport } from "@/lib/reports/server/abandonment-report";
import { reportExportRoute } from "@/lib/reports/server/report-export-route";

export const GET = reportExportRoute({ report: "abandonment", title: "Abandonment", names: ABANDONMENT_CSV_NAMES, holdsComparison: new Set(["kpis"]), creatorOnly: true }, async ({ request, client, params }) => {
  const { view, data } = await loadAbandonmentReport(client, params, { signal: request.signal });
  return { quality: view.quality, datasets: abandonmentDatasets(view, data) };
});
