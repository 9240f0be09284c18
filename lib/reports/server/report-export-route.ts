import "server-only";

// The GET of a report's export route (app/api/export/<report>/[dataset]): a file name that can
// never exist and a CSV locale we do not write are refused before any upstream request, the
// comparison is dropped from the params of a file that does not hold it, then the report loads
// and the file (or "all" as a ZIP) is sent. Each route gives its names and how its report loads.
import type { ReportParams } from "@/lib/report-params/definitions";
import { lookupExport } from "@/lib/reports/server/export-names";
import { csvLocaleOf, csvLocaleRefusal, exportParams, exportResponse, type ReportExport } from "@/lib/reports/server/report-export";
import { errorResponse, handleReportRequest, type ReportRequest } from "@/lib/reports/server/report-route";

export interface ReportExportRoute {
  report: ReportExport["report"];
  title: ReportExport["title"];
  /** The names a request may ask for: the report's files and "all". */
  names: Iterable<string>;
  /** Files that hold the comparison period's figures beside the shown period's. */
  holdsComparison: ReadonlySet<string>;
  creatorOnly: boolean;
}

/** The report's figures for its files (or a refusal), loaded for the asked file's params. */
export type ExportLoad = (asked: { request: Request; dataset: string; account: ReportRequest["account"]; client: ReportRequest["client"]; params: ReportParams }) => Promise<Pick<ReportExport, "quality" | "datasets"> | Response>;

export function reportExportRoute(route: ReportExportRoute, load: ExportLoad) {
  const names = new Map([...route.names].map((name) => [name, name]));
  return async function GET(request: Request, context: { params: Promise<{ dataset: string }> }): Promise<Response> {
    const { dataset } = await context.params;
    return handleReportRequest(request, { creatorOnly: route.creatorOnly, download: true }, async ({ account, client, params: asked }) => {
      const known = lookupExport(names, dataset);
      if (!known.ok) return errorResponse(404, "not_found", known.message);
      const refusal = csvLocaleRefusal(request);
      if (refusal) return refusal;
      const params = exportParams(asked, dataset, route.holdsComparison);
      const loaded = await load({ request, dataset, account, client, params });
      if (loaded instanceof Response) return loaded;
      return exportResponse(dataset, { report: route.report, title: route.title, accountLabel: account.label, range: params, quality: loaded.quality, datasets: loaded.datasets, holdsComparison: route.holdsComparison, csvLocale: csvLocaleOf(request) });
    });
  };
}
