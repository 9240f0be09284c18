// GET /api/export/affiliates/{dataset}?{report params}: the Affiliates leaderboard as CSV (the
// whole filtered range), or "all" as a ZIP; creator keys only, refused before any fetch.
import { AFFILIATES_CSV_NAMES, AFFILIATES_HOLD_COMPARISON, affiliatesDatasets } from "@/lib/reports/server/affiliates-csv";
import { loadAffiliatesReport } from "@/lib/reports/server/affiliates-report";
import { reportExportRoute } from "@/lib/reports/server/report-export-route";

export const GET = reportExportRoute({ report: "affiliates", title: "Affiliates", names: AFFILIATES_CSV_NAMES, holdsComparison: AFFILIATES_HOLD_COMPARISON, creatorOnly: true }, async ({ request, client, params }) => {
  const { view } = await loadAffiliatesReport(client, params, { signal: request.signal });
  return { quality: view.quality, datasets: affiliatesDatasets(view) };
});
