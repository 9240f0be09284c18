// GET /api/export/revenue/{dataset}?{report params}: one CSV of the Revenue report (the whole
// filtered range), or "all" as a ZIP of every CSV; for the signed-in account only.
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { zipResponse, zipStream } from "@/lib/csv/zip";
import { lookupExport } from "@/lib/reports/server/export-names";
import { datasetIncompleteReason, textStream, withIncompleteNotice, zipReadme } from "@/lib/reports/server/export-notice";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";
import { REVENUE_CSV_NAMES, revenueDatasets } from "@/lib/reports/server/revenue-csv";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";

const NAMES = new Map([...REVENUE_CSV_NAMES].map((name) => [name, name]));
// The files that hold the comparison period's figures beside the shown period's.
const HOLDS_COMPARISON = new Set(["kpis", "series"]);

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params }) => {
    // A name that can never exist is refused before any upstream request.
    const known = lookupExport(NAMES, dataset);
    if (!known.ok) return errorResponse(404, "not_found", known.message);
    const records = await loadRevenueRecords(client, params, { signal: request.signal });
    const view = revenueViewFrom(revenueSummariesFrom(records), account.keyType, params);
    const sets = revenueDatasets(view, records.current, account.keyType);
    const reasonOf = (key: string) => datasetIncompleteReason(view.quality, HOLDS_COMPARISON.has(key));
    const name = (report: string, reason: string | null, ext = "csv") => csvFilename({ accountLabel: account.label, report: `revenue-${report}`, from: params.from, to: params.to, ext, incomplete: reason !== null });
    if (dataset === "all") {
      const files = [...sets].map(([key, set]) => ({ set, reason: reasonOf(key), name: name(key, reasonOf(key)) }));
      const reason = files.find((f) => f.reason)?.reason ?? null;
      const entries = files.map((f) => ({ name: f.name, stream: csvStream(f.set.columns, f.set.rows) }));
      if (reason) entries.push({ name: "README.txt", stream: textStream(zipReadme("Revenue", params, files)) });
      return withIncompleteNotice(zipResponse(zipStream(entries), name("all", reason, "zip")), reason);
    }
    const set = lookupExport(sets, dataset); // attach-rates is a creator's file only
    if (!set.ok) return errorResponse(404, "not_found", set.message);
    const reason = reasonOf(dataset);
    return withIncompleteNotice(csvResponse(csvStream(set.value.columns, set.value.rows), name(dataset, reason)), reason);
  });
}
