// GET /api/export/revenue/{dataset}?{report params}: one CSV of the Revenue report (the whole
// filtered range), or "all" as a ZIP of every CSV; for the signed-in account only.
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { zipResponse, zipStream } from "@/lib/csv/zip";
import { datasetIncompleteReason, textStream, withIncompleteNotice, zipReadme } from "@/lib/reports/export-notice";
import { errorResponse, handleReportRequest } from "@/lib/reports/report-route";
import { revenueDatasets } from "@/lib/reports/revenue-csv";
import { loadRevenueRecords } from "@/lib/reports/revenue-records";
import { revenueViewFrom } from "@/lib/reports/revenue-report";

// The files that hold the comparison period's figures beside the shown period's.
const HOLDS_COMPARISON = new Set(["kpis", "series"]);

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params }) => {
    const records = await loadRevenueRecords(client, params, { signal: request.signal });
    const view = revenueViewFrom(records, account.keyType, params);
    const sets = revenueDatasets(view, records.current, account.keyType);
    const reasonOf = (key: string) => datasetIncompleteReason(view.quality, HOLDS_COMPARISON.has(key));
    const name = (report: string, reason: string | null, ext = "csv") => csvFilename({ accountLabel: account.label, report: `revenue-${report}`, from: params.from, to: params.to, ext, incomplete: reason !== null });
    if (dataset === "all") {
      const files = Object.entries(sets).map(([key, set]) => ({ key, set, reason: reasonOf(key), name: name(key, reasonOf(key)) }));
      const reason = files.find((f) => f.reason)?.reason ?? null;
      const entries = files.map((f) => ({ name: f.name, stream: csvStream(f.set.columns, f.set.rows) }));
      if (reason) entries.push({ name: "README.txt", stream: textStream(zipReadme("Revenue", params, files)) });
      return withIncompleteNotice(zipResponse(zipStream(entries), name("all", reason, "zip")), reason);
    }
    const set = sets[dataset];
    if (!set) return errorResponse(404, "not_found", `No CSV named "${dataset}" in this report.`);
    return withIncompleteNotice(csvResponse(csvStream(set.columns, set.rows), name(dataset, reasonOf(dataset))), reasonOf(dataset));
  });
}
