// GET /api/reports/revenue?{report params}: the Revenue report as an NDJSON stream (progress, then
// the aggregates and visible rows), for the signed-in account only.
import { NextResponse } from "next/server";
import { getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildRevenueView } from "@/lib/reports/revenue-report";
import { reportStreamResponse } from "@/lib/reports/report-stream";

export async function GET(request: Request) {
  const account = await getSessionAccount();
  const client = account && (await getSessionClient(account));
  if (!account || !client) return NextResponse.json({ error: { code: "unauthenticated", message: "Sign in again." } }, { status: 401 });
  const { params, problems } = parseReportParams(Object.fromEntries(new URL(request.url).searchParams));
  if (problems.length) return NextResponse.json({ error: { code: "invalid_request", message: problems.join(" ") } }, { status: 400 });
  return reportStreamResponse((onProgress, signal) => buildRevenueView(client, account.keyType, params, { onProgress, signal }), request.signal);
}
