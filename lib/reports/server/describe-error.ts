import "server-only";

// One description of a failed report for every surface (page, stream, CSV): what happened,
// what to do, and a reference: the upstream's correlation id, or for a failure of our own the
// id we logged it under (see report-failure.ts). Never a stack trace, never upstream text.
import { errorKind, parseRetryAfter, SalesApiError, SalesApiHttpError, type SalesApiErrorKind } from "@/lib/sales-api";
import type { ReportFailure } from "@/lib/reports/report-failure-view";

export type { ReportFailure } from "@/lib/reports/report-failure-view";

type Words = Pick<ReportFailure, "title" | "action">;

const NOT_REACHED: Words = { title: "The Sales API could not be reached", action: "Check the connection and reload in a moment." };

/** What a person reads for each kind of failure (a rate limit's wait is the failure's own). */
const WORDS: Record<Exclude<SalesApiErrorKind, "rate_limited">, Words> = {
  invalid_token: { title: "Your credential is no longer accepted", action: "It was revoked or has expired. Sign in again." },
  forbidden: { title: "This report needs a creator key", action: "Affiliate keys cannot read this data." },
  timeout: NOT_REACHED,
  network: NOT_REACHED,
  upstream: { title: "The Sales API had an internal error", action: "Reload in a moment; if it persists, quote the reference to support." },
  schema: { title: "The Sales API answered in an unexpected shape", action: "Reload; if it persists, quote the reference to support." },
  internal: { title: "Something went wrong on our side", action: "This is a fault in the dashboard, not in your data or the Sales API. Reload; if it persists, quote the reference to support." },
  config: { title: "This dashboard is not configured to reach the Sales API", action: "Ask the person who runs it; quote the reference." },
  cancelled: { title: "The report was cancelled", action: "Reload to load it again." },
  storage: { title: "Storage unavailable", action: "The dashboard cannot reach its database or cache right now; nothing was lost. Reload in a moment; if it persists, quote the reference to the person who runs it." },
  not_found: { title: "The Sales API does not offer this data", action: "This part of the report is unavailable for now." },
  invalid_request: { title: "The report could not be loaded", action: "Check the report's dates and filters, then reload." },
};

/** `ourCorrelationId`: the reference a failure of ours was logged under. */
export function describeReportError(error: unknown, ourCorrelationId: string | null = null): ReportFailure {
  const kind = errorKind(error);
  const correlationId = (error instanceof SalesApiError ? error.correlationId : null) ?? ourCorrelationId;
  const waitMs = error instanceof SalesApiHttpError && kind === "rate_limited" ? parseRetryAfter(error.retryAfter) : undefined;
  const retryAfterSeconds = waitMs === undefined ? null : Math.max(1, Math.ceil(waitMs / 1000));
  const base = { kind, correlationId, retryAfterSeconds };
  const words = kind === "rate_limited" ? { title: "The Sales API is limiting requests", action: `Wait ${retryAfterSeconds ?? 60} seconds, then reload.` } : WORDS[kind];
  return { ...base, ...words };
}
