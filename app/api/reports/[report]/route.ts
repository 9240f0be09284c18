// GET /api/reports/{report}?{report params}: the report's view as an NDJSON stream (progress, then
// the view: aggregates and the tables' sizes, never the raw records), for the session's account.
import { streamReport } from "@/lib/reports/server/report-handlers";

export async function GET(request: Request, context: { params: Promise<{ report: string }> }) {
  return streamReport(request, (await context.params).report);
}
