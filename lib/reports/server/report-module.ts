import "server-only";

// What a report is to the server: one typed module per report (lib/reports/<id>/server/report.ts)
// saying who may open it, how its view loads, its CSV files and its tables. The generic routes
// (report-handlers.ts) serve every module of the registry (report-registry.ts) the same way.
import type { ReportPage } from "@/lib/reports/report-definitions";
import type { ReportProgress } from "@/lib/reports/report-progress";
import type { ReportExport } from "@/lib/reports/server/report-export";
import type { ReportRequest } from "@/lib/reports/server/report-route";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { TableName } from "@/lib/report-params/table-url-parsers";
import type { ReportRequestSchema } from "@/lib/report-params/schema";

/** A request to a report's route once the session, the access and the report's request are checked. */
export interface ReportContext<Own extends object = object> extends ReportRequest<Own> {
  request: Request;
}

/** A view's load, streamed with its progress (report-stream.ts). */
export type ViewRun = (progress: ReportProgress, signal: AbortSignal) => Promise<unknown>;

/** What an export loads for the asked file: its figures, or a refusal of the report's own. */
export interface ExportFigures extends Pick<ReportExport, "quality" | "datasets"> {
  /** The files' range when it is not the request's (the payout calendar's month). */
  range?: ReportExport["range"];
}

export interface ReportExports<Own extends object = object> {
  /** The names a request may ask for: the report's files and "all". */
  names: ReadonlySet<string>;
  /** Files that hold the comparison period's figures beside the shown period's. */
  holdsComparison: ReadonlySet<string>;
  /** The figures of the files, loaded with the asked file's params (its comparison dropped when it holds none). */
  load(context: ReportContext<Own> & { dataset: string; params: ReportParams }): Promise<ExportFigures | Response>;
}

/** What a saved view of the report keeps of its URL besides the shared report parameters (lib/views/saved-view-query.ts). */
export interface SavedViewSpec {
  /** The tables whose hidden columns and sort a view keeps. */
  tables: readonly TableName[];
  /** The report's own parameters, read from the URL (`search`) or the parsed params, written into `kept`. */
  keep?(search: URLSearchParams, params: ReportParams, kept: URLSearchParams): void;
}

/**
 * The report's page (id, path, English label: the ZIP's README title; creatorOnly: affiliate keys
 * get 403 from the page and every route of the report before any upstream request) and what it serves.
 */
export interface ReportModule<Own extends object = object> extends ReportPage {
  /**
   * The request it accepts, as a zod schema over the URL's query: the shared report parameters
   * (REPORT_PARAMS), or those extended by the report's own (reportRequest), read once by the routes.
   */
  request: ReportRequestSchema<Own>;
  /** The view's load for the request, or the words of a 400 (a parameter of the report's own is wrong). */
  view(context: ReportContext<Own>): ViewRun | string;
  /** The CSV files (GET /api/export/<id>/<name>). */
  exports?: ReportExports<Own>;
  /**
   * The record tables, a page at a time (GET /api/reports/<id>/rows/<table>): the page, sent as
   * JSON never cached, or a refusal. Each table's records are also a file of the same name.
   */
  tables?: Readonly<Record<string, (context: ReportContext) => Promise<unknown>>>;
  /** Present when a view of the report can be saved: what the view keeps. */
  savedView?: SavedViewSpec;
}
