import "server-only";

// The violations browsers post to /api/csp-report, written to the log (ASVS 3.4): which
// directive, what it blocked, on which page. Two formats arrive: the Reporting API's
// (report-to; application/reports+json, a list of {type: "csp-violation", body}) and the older
// report-uri one (application/csp-report, {"csp-report": {...}}). Anyone can post here, so
// only named, bounded values are logged: a blocked URL by its origin (its path or query may
// hold a token), the page by its path with a share link's token masked.
import { log } from "@/lib/log/server-log";

export const CSP_REPORT_MAX_BYTES = 64 * 1024;
const MAX_REPORTS = 20;

export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
}

type Fields = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function blockedOf(raw: string): string {
  if (/^(inline|eval|wasm-eval|trusted-types-[a-z-]+)$/.test(raw)) return raw;
  try {
    const url = new URL(raw);
    return url.origin === "null" ? url.protocol.replace(/:$/, "") : url.origin;
  } catch {
    return raw ? "other" : "unknown";
  }
}

function pageOf(raw: string): string {
  try {
    return new URL(raw).pathname.replace(/^\/s\/[^/]+/, "/s/[token]").slice(0, 200);
  } catch {
    return "unknown";
  }
}

function violationOf(body: Fields): CspViolation {
  const directive = text(body.effectiveDirective) || text(body["effective-directive"]) || text(body["violated-directive"]).split(" ")[0] || "";
  return {
    directive: /^[a-z-]{1,40}$/.test(directive) ? directive : "other",
    blocked: blockedOf(text(body.blockedURL) || text(body["blocked-uri"])),
    page: pageOf(text(body.documentURL) || text(body["document-uri"])),
  };
}

/** The violations in a posted body, either format; none for anything else. */
export function parseCspReports(payload: unknown): CspViolation[] {
  const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value);
  if (Array.isArray(payload)) {
    return payload
      .filter((report): report is Fields => isObject(report) && report.type === "csp-violation" && isObject(report.body))
      .slice(0, MAX_REPORTS)
      .map((report) => violationOf(report.body as Fields));
  }
  if (isObject(payload) && isObject(payload["csp-report"])) return [violationOf(payload["csp-report"])];
  return [];
}

export function logCspViolations(violations: readonly CspViolation[]): void {
  for (const violation of violations) log("warn", { event: "csp_violation", route: violation.page, directive: violation.directive, blocked: violation.blocked });
}
