// GET /api/export/revenue/{dataset}?{report params}: one CSV of the Revenue report (the whole
// filtered range), or "all" as a ZIP of every CSV; for the signed-in account only.
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { zipResponse, zipStream } from "@/lib/csv/zip";
import { lookupExport } from "@/lib/reports/export-names";
import { errorResponse, handleReportRequest } from "@/lib/reports/report-route";
import { REVENUE_CSV_NAMES, revenueDatasets } from "@/lib/reports/revenue-csv";
import { loadRevenueRecords } from "@/lib/reports/revenue-records";
import { revenueViewFrom } from "@/lib/reports/revenue-report";

const NAMES = new Map([...REVENUE_CSV_NAMES].map((name) => [name, name]));

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params }) => {
    // A name that can never exist is refused before any upstream request.
    const known = lookupExport(NAMES, dataset);
    if (!known.ok) return errorResponse(404, "not_found", known.message);
    const records = await loadRevenueRecords(client, params, { signal: request.signal });
    const sets = revenueDatasets(revenueViewFrom(records, account.keyType, params), records.current, account.keyType);
    const name = (report: string, ext = "csv") => csvFilename({ accountLabel: account.label, report: `revenue-${report}`, from: params.from, to: params.to, ext });
    if (dataset === "all") {
      const entries = [...sets].map(([key, set]) => ({ name: name(key), stream: csvStream(set.columns, set.rows) }));
      return zipResponse(zipStream(entries), name("all", "zip"));
    }
    const set = lookupExport(sets, dataset); // attach-rates is a creator's file only
    if (!set.ok) return errorResponse(404, "not_found", set.message);
    return csvResponse(csvStream(set.value.columns, set.value.rows), name(dataset));
  });
}
