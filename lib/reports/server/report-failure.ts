import "server-only";

// A failed report, answered and logged in one place (route handlers, report streams, CSV
// downloads, server-rendered pages): the HTTP status that says whose fault it is, the
// description a person sees, and one log line carrying the same reference, so that support
// can find the line from what the person quotes. A bug of ours is a 500 with a reference we
// make and its stack in the log; an upstream that failed or could not be reached is a 502
// with the upstream's reference when it gave one.
import { log, newCorrelationId, type LogLevel } from "@/lib/log/server-log";
import { SalesApiError, SalesApiHttpError, SalesApiTransportError, type SalesApiErrorKind } from "@/lib/sales-api";
import { describeReportError, type ReportFailure } from "@/lib/reports/server/describe-error";

export interface AnsweredFailure { status: number; failure: ReportFailure }

/** The status we answer for a kind of failure. */
export function failureStatus(kind: SalesApiErrorKind): number {
  switch (kind) {
    case "rate_limited":
      return 429;
    case "invalid_token":
      return 401;
    case "forbidden":
      return 403;
    case "internal":
    case "config":
      return 500;
    case "cancelled":
      return 499; // the client closed the request; nobody reads this status
    case "storage":
      return 503;
    default:
      return 502;
  }
}

/**
 * Describes, classifies and logs a failure of the report at `route` (a path, no query).
 * `aborted`: the request's signal was aborted (the browser went away), so whatever was thrown
 * after that is a cancellation, not a fault.
 */
export function reportFailure(error: unknown, route: string, options: { event?: string; aborted?: boolean } = {}): AnsweredFailure {
  const upstreamId = error instanceof SalesApiError ? error.correlationId : null;
  const ourId = upstreamId ? null : newCorrelationId();
  const failure = describeReportError(options.aborted ? new DOMException("The request was aborted", "AbortError") : error, ourId);
  const status = failureStatus(failure.kind);
  const ours = failure.kind === "internal" || failure.kind === "config" || failure.kind === "storage";
  const level: LogLevel = failure.kind === "cancelled" ? "info" : status >= 500 ? "error" : "warn";
  log(level, {
    event: options.event ?? "report_failed",
    route,
    status,
    kind: failure.kind,
    correlationId: failure.correlationId,
    correlationSource: upstreamId ? "upstream" : "ours",
    upstreamStatus: error instanceof SalesApiHttpError ? error.status : undefined,
    // Codes only: the upstream's message may quote what was sent.
    upstreamCode: error instanceof SalesApiHttpError || error instanceof SalesApiTransportError ? error.code : undefined,
    errorName: error instanceof Error ? error.name : typeof error,
    stack: ours && error instanceof Error ? error.stack : undefined,
  });
  return { status, failure };
}

/** The path of a request, for the log (the query holds filter values, so it is left out). */
export function routeOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return "unknown";
  }
}
