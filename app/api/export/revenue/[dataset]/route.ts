// GET /api/export/revenue/{dataset}?{report params}: one CSV of the Revenue report (the whole
// filtered range), or "all" as a ZIP of every CSV; for the signed-in account only.
import { NextResponse } from "next/server";
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { zipResponse, zipStream } from "@/lib/csv/zip";
import { getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { parseReportParams } from "@/lib/report-params/parse";
import { describeReportError } from "@/lib/reports/describe-error";
import { revenueDatasets } from "@/lib/reports/revenue-csv";
import { loadRevenueRecords } from "@/lib/reports/revenue-records";
import { revenueViewFrom } from "@/lib/reports/revenue-report";

const fail = (status: number, code: string, message: string, correlationId?: string | null) =>
  NextResponse.json({ error: { code, message, ...(correlationId ? { correlation_id: correlationId } : {}) } }, { status });

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  const account = await getSessionAccount();
  const client = account && (await getSessionClient(account));
  if (!account || !client) return fail(401, "unauthenticated", "Sign in again.");
  const { params, problems } = parseReportParams(Object.fromEntries(new URL(request.url).searchParams));
  if (problems.length) return fail(400, "invalid_request", problems.join(" "));
  let sets;
  try {
    const records = await loadRevenueRecords(client, params, { signal: request.signal });
    sets = revenueDatasets(revenueViewFrom(records, account.keyType, params), records.current, account.keyType);
  } catch (error) {
    const failure = describeReportError(error);
    return fail(failure.kind === "rate_limited" ? 429 : 502, failure.kind, `${failure.title}. ${failure.action}`, failure.correlationId);
  }
  const name = (report: string, ext = "csv") => csvFilename({ accountLabel: account.label, report: `revenue-${report}`, from: params.from, to: params.to, ext });
  if (dataset === "all") {
    const entries = Object.entries(sets).map(([key, set]) => ({ name: name(key), stream: csvStream(set.columns, set.rows) }));
    return zipResponse(zipStream(entries), name("all", "zip"));
  }
  const set = sets[dataset];
  if (!set) return fail(404, "not_found", `No CSV named "${dataset}" in this report.`);
  return csvResponse(csvStream(set.columns, set.rows), name(dataset));
}
