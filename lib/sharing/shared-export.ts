import "server-only";

// The downloads of a shared link: the snapshot's aggregate files, named and marked like the
// report's own, or the link's refusal as a short page (a browser follows these links).
import { csvLocaleOf, csvLocaleRefusal, exportResponse } from "@/lib/reports/server/report-export";
import { errorResponse } from "@/lib/reports/server/report-route";
import { parseReportParams } from "@/lib/report-params/parse";
import type { ReportQuality } from "@/lib/reports/report-quality";
import { shareableReport } from "@/lib/reports/server/report-registry";
import type { CookieReader } from "./share-links";
import { openSharedPage } from "./shared-page";
import { sharedDatasets } from "./shared-datasets";

export async function sharedExportResponse(request: Request, token: string, dataset: string, cookies: CookieReader): Promise<Response> {
  const refusal = csvLocaleRefusal(request);
  if (refusal) return refusal;
  const opened = await openSharedPage(token, { headers: request.headers, cookies, countView: false, route: "/s/[token]/csv/[dataset]" });
  if (opened.kind === "storage_unavailable") return errorResponse(opened.status, "storage", opened.message, opened.reference);
  if (opened.kind === "rate_limited") return errorResponse(429, "rate_limited", `Too many requests from your network. Try again in ${opened.retryAfterSeconds} seconds.`);
  if (opened.kind !== "ok") return errorResponse(404, "not_found", "This shared link does not open: it is unknown, expired, turned off or needs its password.");
  const { snapshot } = opened;
  const datasets = sharedDatasets(snapshot.report, snapshot.view, snapshot.keyType);
  if (dataset !== "all" && !datasets.has(dataset)) return errorResponse(404, "not_found", `This shared report has no file named “${dataset}”.`);
  const { params } = parseReportParams(Object.fromEntries(new URLSearchParams(snapshot.query)), new Date(snapshot.builtAt));
  return exportResponse(dataset, {
    report: snapshot.report,
    title: shareableReport(snapshot.report).label,
    accountLabel: snapshot.accountLabel || "shared",
    range: params,
    quality: (snapshot.view as { quality: ReportQuality }).quality,
    datasets,
    csvLocale: csvLocaleOf(request),
  });
}
