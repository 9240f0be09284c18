import "server-only";

// The three generic routes every report module is served by: its view streamed with its progress
// (app/api/reports/[report]), a page of one of its tables (.../[report]/rows/[table]) and its CSV
// files (app/api/export/[report]/[[...dataset]]). Each finds the module in the registry, lets
// handleReportRequest check the session, the module's access and its request's parameters, then
// asks the module. A name the module does not have is a 404 that lists the ones it has.
import { NextResponse } from "next/server";
import { echoName, lookupExport } from "@/lib/reports/server/export-names";
import { routeOf } from "@/lib/reports/server/report-failure";
import { csvLocaleOf, csvLocaleRefusal, exportParams, exportResponse } from "@/lib/reports/server/report-export";
import type { ReportContext, ReportModule } from "@/lib/reports/server/report-module";
import { findReportModule, REPORT_MODULES } from "@/lib/reports/server/report-registry";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";
import { reportStreamResponse } from "@/lib/reports/server/report-stream";

function unknownReport(id: string): Response {
  return errorResponse(404, "not_found", `There is no report called "${echoName(id)}". Reports: ${REPORT_MODULES.map((m) => m.id).join(", ")}.`);
}

/** GET /api/reports/{report}: the report's view as NDJSON (progress, then the view). */
export function streamReport(request: Request, id: string): Promise<Response> {
  const report = findReportModule(id);
  if (!report) return Promise.resolve(unknownReport(id));
  return handleReportRequest(request, { creatorOnly: report.creatorOnly, accepts: report.request }, async (req) => {
    const run = report.view({ ...req, request });
    if (typeof run === "string") return errorResponse(400, "invalid_request", run);
    return reportStreamResponse(run, request.signal, routeOf(request));
  });
}

/** GET /api/reports/{report}/rows/{table}: one page of one of the report's record tables. */
export function reportRows(request: Request, id: string, table: string): Promise<Response> {
  const report = findReportModule(id);
  if (!report) return Promise.resolve(unknownReport(id));
  return handleReportRequest(request, { creatorOnly: report.creatorOnly, accepts: report.request }, async (req) => {
    const tables = new Map(Object.entries(report.tables ?? {}));
    const known = tables.get(table);
    if (!known) return errorResponse(404, "not_found", tables.size ? `There is no table called "${echoName(table)}" in this report. Tables: ${[...tables.keys()].join(", ")}.` : "This report has no record tables.");
    const page = await known({ ...req, request });
    return page instanceof Response ? page : NextResponse.json(page, { headers: { "cache-control": "private, no-store" } });
  });
}

/**
 * GET /api/export/{report}/{dataset}: one of the report's CSV files, or "all" as a ZIP. A file
 * name that can never exist and a CSV locale we do not write are refused before any upstream
 * request; the comparison is dropped from the params of a file that does not hold it. Without a
 * file name, the records of the report's first table (/api/export/orders: the address earlier
 * links used).
 */
export function exportReport(request: Request, id: string, path: readonly string[] | undefined): Promise<Response> {
  const report = findReportModule(id);
  if (!report) return Promise.resolve(unknownReport(id));
  return handleReportRequest(request, { creatorOnly: report.creatorOnly, accepts: report.request, download: true }, (req) => exportFile(report, { ...req, request }, path));
}

async function exportFile(report: ReportModule, context: ReportContext, path: readonly string[] | undefined): Promise<Response> {
  const exports = report.exports;
  if (!exports) return errorResponse(404, "not_found", "This report has no CSV files.");
  const dataset = path?.length ? path.join("/") : Object.keys(report.tables ?? {}).find((table) => exports.names.has(table));
  const names = new Map([...exports.names].map((name) => [name, name]));
  if (dataset === undefined) return errorResponse(404, "not_found", `Name the CSV to download: ${[...names.keys()].join(", ")}.`);
  const known = lookupExport(names, dataset);
  if (!known.ok) return errorResponse(404, "not_found", known.message);
  const { request, account } = context;
  const refusal = csvLocaleRefusal(request);
  if (refusal) return refusal;
  const params = exportParams(context.params, dataset, exports.holdsComparison);
  const loaded = await exports.load({ ...context, dataset, params });
  if (loaded instanceof Response) return loaded;
  return exportResponse(dataset, {
    report: report.id, title: report.label, accountLabel: account.label, range: loaded.range ?? params,
    quality: loaded.quality, datasets: loaded.datasets, holdsComparison: exports.holdsComparison, csvLocale: csvLocaleOf(request),
  });
}
