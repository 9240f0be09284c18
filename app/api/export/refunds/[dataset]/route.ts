// GET /api/export/refunds/{dataset}?{report params}: one CSV of the Refunds & chargebacks
// report (the whole filtered range), or "all" as a ZIP of every CSV; for the signed-in account.
import { errorResponse } from "@/lib/reports/server/report-route";
import { reportExportRoute } from "@/lib/reports/server/report-export-route";
import { REFUNDS_CSV_NAMES, refundsDatasets } from "@/lib/reports/server/refunds-csv";
import { loadRefundsReport } from "@/lib/reports/server/refunds-report";

// No file of this report holds the comparison period's figures.
export const GET = reportExportRoute({ report: "refunds", title: "Refunds & chargebacks", names: REFUNDS_CSV_NAMES, holdsComparison: new Set<string>(), creatorOnly: false }, async ({ request, dataset, account, client, params }) => {
  const { view, data } = await loadRefundsReport(client, account.keyType, params, { signal: request.signal });
  if ((dataset === "refunds" || dataset === "chargebacks") && data.unavailable.includes(dataset)) return errorResponse(404, "not_found", `The Sales API does not offer ${dataset} records right now.`);
  return { quality: view.quality, datasets: refundsDatasets(view, data, account.keyType, params) };
});
