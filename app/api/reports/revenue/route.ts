// GET /api/reports/revenue?{report params}: the Revenue report as an NDJSON stream (progress, then
// the aggregates and visible rows), for the signed-in account only.
import { handleReportRequest } from "@/lib/reports/report-route";
import { buildRevenueView } from "@/lib/reports/revenue-report";
import { routeOf } from "@/lib/reports/report-failure";
import { reportStreamResponse } from "@/lib/reports/report-stream";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params }) =>
    reportStreamResponse((onProgress, signal) => buildRevenueView(client, account.keyType, params, { onProgress, signal }), request.signal, routeOf(request)),
  );
}
