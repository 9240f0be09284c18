import "server-only";

// The answer of every report's export route: one CSV of a dataset, or "all" as a ZIP of every
// dataset, each file named for the account, report and range, and marked incomplete (file
// name, header, README.txt in the ZIP) where its period's records are not all there.
import { CSV_LOCALES, csvDialectFor } from "@/lib/csv/dialect";
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { zipResponse, zipStream } from "@/lib/csv/zip";
import { columnsInZone } from "@/lib/csv/zoned-time";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { ReportQuality } from "@/lib/reports/report-quality";
import { lookupExport } from "./export-names";
import { datasetIncompleteReason, textStream, withIncompleteNotice, zipReadme } from "./export-notice";
import { errorResponse } from "./report-route";
import type { CsvFile } from "./csv-datasets";

export interface ReportExport {
  /** "revenue", "orders"...: the first word of each file name. */
  report: string;
  /** The report's title, for the ZIP's README. */
  title: string;
  accountLabel: string;
  /** The report's range, and the zone its files' times are written in. */
  range: { from: string; to: string; tz: string };
  quality: ReportQuality;
  datasets: ReadonlyMap<string, CsvFile>;
  /** Files that hold the comparison period's figures beside the shown period's. */
  holdsComparison?: ReadonlySet<string>;
  /** The request's `csvLocale` (lib/csv/dialect.ts): absent for dot-decimal, comma-separated files. */
  csvLocale?: string | null;
}

/** The `csvLocale` query parameter of an export request. */
export function csvLocaleOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("csvLocale");
}

/** A 400 for a `csvLocale` we do not know, answered before any upstream request; null when it is fine. */
export function csvLocaleRefusal(request: Request): Response | null {
  return csvDialectFor(csvLocaleOf(request)) ? null : errorResponse(400, "invalid_request", `csvLocale must be one of: ${CSV_LOCALES.join(", ")} (or absent for dot-decimal numbers).`);
}

/**
 * The parameters a download loads with: the comparison period only when the file asked for
 * (or the ZIP) holds its figures, so a file of the shown period alone costs no fetch of another.
 */
export function exportParams(params: ReportParams, dataset: string, holdsComparison: ReadonlySet<string>): ReportParams {
  const needed = holdsComparison.has(dataset) || (dataset === "all" && holdsComparison.size > 0);
  return needed ? params : { ...params, compare: "none" };
}

export function exportResponse(dataset: string, e: ReportExport): Response {
  // The routes refused an unknown csvLocale before fetching anything (csvLocaleRefusal).
  const options = { dialect: csvDialectFor(e.csvLocale) ?? undefined };
  const reasonOf = (key: string) => datasetIncompleteReason(e.quality, e.holdsComparison?.has(key) ?? false);
  const name = (key: string, reason: string | null, ext = "csv") => csvFilename({ accountLabel: e.accountLabel, report: `${e.report}-${key}`, from: e.range.from, to: e.range.to, ext, incomplete: reason !== null });
  if (dataset === "all") {
    const files = [...e.datasets].map(([key, set]) => ({ set, reason: reasonOf(key), name: name(key, reasonOf(key)) }));
    const reason = files.find((f) => f.reason)?.reason ?? null;
    const entries = files.map((f) => ({ name: f.name, stream: csvStream(columnsInZone(f.set.columns, e.range.tz), f.set.rows, options) }));
    if (reason) entries.push({ name: "README.txt", stream: textStream(zipReadme(e.title, e.range, files)) });
    return withIncompleteNotice(zipResponse(zipStream(entries), name("all", reason, "zip")), reason);
  }
  const set = lookupExport(e.datasets, dataset);
  if (!set.ok) return errorResponse(404, "not_found", set.message);
  const reason = reasonOf(dataset);
  return withIncompleteNotice(csvResponse(csvStream(columnsInZone(set.value.columns, e.range.tz), set.value.rows, options), name(dataset, reason)), reason);
}
