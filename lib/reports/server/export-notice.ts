import "server-only";

// Where a download lacks records the report could not get, it says so where the user sees
// it: the file name ends in "-incomplete", the response carries X-Salesdash-Incomplete with
// the reason, and a ZIP holds a README.txt. (A "# incomplete" first line would not be CSV.)
import { dayRuns, type PeriodQuality, type ReportQuality } from "@/lib/reports/report-quality";

export const INCOMPLETE_HEADER = "x-salesdash-incomplete";

/** Why a period's records are not all there, in one line of plain ASCII; null when they are. */
export function incompleteReason(quality: PeriodQuality): string | null {
  if (quality.complete) return null;
  const parts: string[] = [];
  if (quality.incompleteDays.length > 0) {
    parts.push(`on ${quality.incompleteDays.join(", ")} a single day held more than 5000 records and only its newest 5000 are included`);
  }
  if (quality.unfetchedDays.length > 0) {
    parts.push(`the Sales API ${quality.unreachable ? "could not be reached" : "did not answer in time"} for ${dayRuns(quality.unfetchedDays).map((r) => (r.from === r.to ? r.from : `${r.from} to ${r.to}`)).join(", ")}, so those days are missing`);
  }
  if (quality.invalidRecords > 0) {
    const refs = quality.correlationIds.length ? ` (reference ${quality.correlationIds.join(", ")})` : "";
    parts.push(`${quality.invalidRecords} record(s) came in a shape that could not be read and are left out${refs}`);
  }
  const reason = parts.length ? parts.join("; ") : "some records could not be fetched from the Sales API";
  return `Incomplete: ${reason}.`.replace(/[^\x20-\x7e]/g, "?");
}

/** For a file of the report: its own period, and the comparison when the file holds its figures. */
export function datasetIncompleteReason(quality: ReportQuality, holdsComparison: boolean): string | null {
  const own = incompleteReason(quality);
  if (own || !holdsComparison || !quality.comparison) return own;
  const comparison = incompleteReason(quality.comparison);
  return comparison && comparison.replace(/^Incomplete: /, "Incomplete comparison period: ");
}

/** The response with the incompleteness header set when there is a reason. */
export function withIncompleteNotice(response: Response, reason: string | null): Response {
  if (reason) response.headers.set(INCOMPLETE_HEADER, reason);
  return response;
}

/** README.txt of a report's ZIP: what is in it, and which files are incomplete and why. */
export function zipReadme(report: string, range: { from: string; to: string }, files: ReadonlyArray<{ name: string; reason: string | null }>): string {
  const lines = [`${report}, ${range.from} to ${range.to} (both days included).`, ""];
  const incomplete = files.filter((f) => f.reason);
  lines.push(incomplete.length ? "THESE FILES ARE INCOMPLETE: the Sales API did not give every record." : "Every file is complete.", "");
  for (const file of files) lines.push(`${file.name}: ${file.reason ?? "complete."}`);
  return `${lines.join("\r\n")}\r\n`;
}

export function textStream(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({ start(controller) { controller.enqueue(bytes); controller.close(); } });
}
