import "server-only";

// The one wrapper of every report route handler: the account from the session (never from
// the request), the creator-only check, the URL's request read once with the report module's
// schema (the shared report parameters and the report's own), and one error shape
// {error: {code, message, correlation_id}} for everything that goes wrong.
import { NextResponse } from "next/server";
import { getSessionAccount, getSessionClient, type SessionAccount } from "@/lib/auth/session";
import type { ReportParams } from "@/lib/report-params/definitions";
import { readReportRequest, type ReportRequestSchema } from "@/lib/report-params/schema";
import { watchDownload } from "@/lib/csv/download-response";
import { reportFailure, routeOf } from "@/lib/reports/server/report-failure";
import { downloadFailurePage, wantsPage } from "@/lib/reports/server/download-failure";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export interface ReportRequest<Own extends object = object> {
  account: SessionAccount;
  client: MirroredClient;
  params: ReportParams;
  /** The report's own parameters, as its module's schema read them. */
  asked: Own;
  query: URLSearchParams;
}

export function errorResponse(status: number, code: string, message: string, correlationId?: string | null): NextResponse {
  return NextResponse.json({ error: { code, message, ...(correlationId ? { correlation_id: correlationId } : {}) } }, { status, headers: { "cache-control": "private, no-store" } });
}

/**
 * A failed report, described for a person with a reference (the upstream's correlation id, or
 * ours for a failure of our own), and logged under the same reference.
 */
export function upstreamErrorResponse(error: unknown, route: string, aborted = false): NextResponse {
  const { status, failure } = reportFailure(error, route, { aborted });
  return errorResponse(status, failure.kind, `${failure.title}. ${failure.action}`, failure.correlationId);
}

export interface ReportRequestOptions<Own extends object> {
  creatorOnly: boolean;
  /** The request the report accepts (its module's `request`). */
  accepts: ReportRequestSchema<Own>;
  /** A download the browser follows as a link: a failure answers a readable page, not JSON. */
  download?: boolean;
}

export async function handleReportRequest<Own extends object>(request: Request, options: ReportRequestOptions<Own>, handle: (req: ReportRequest<Own>) => Promise<Response>): Promise<Response> {
  const response = await answerReportRequest(request, options, handle);
  if (!options.download || response.ok || !wantsPage(request) || !(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  return downloadFailurePage(response, request);
}

async function answerReportRequest<Own extends object>(request: Request, options: ReportRequestOptions<Own>, handle: (req: ReportRequest<Own>) => Promise<Response>): Promise<Response> {
  let account: SessionAccount | null;
  let client: MirroredClient | null;
  try {
    // The session lives in the vault: a shared back-end that is away answers "storage unavailable".
    account = await getSessionAccount();
    client = account && (await getSessionClient(account));
  } catch (error) {
    return upstreamErrorResponse(error, routeOf(request), request.signal.aborted);
  }
  if (!account || !client) return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.");
  if (options.creatorOnly && account.keyType !== "creator") return errorResponse(403, "forbidden", "This report needs a creator key.");
  const query = new URL(request.url).searchParams;
  const read = readReportRequest(options.accepts, query);
  if (!read.ok) return errorResponse(400, "invalid_request", read.problems.join(" "));
  const route = routeOf(request);
  try {
    // A download that fails after its headers were sent can only be cut short; it is logged.
    return watchDownload(await handle({ account, client, params: read.report.params, asked: read.asked, query }), (error) => void reportFailure(error, route, { event: "download_failed", aborted: request.signal.aborted }));
  } catch (error) {
    return upstreamErrorResponse(error, route, request.signal.aborted);
  }
}
