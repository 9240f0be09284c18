// GET /api/reports/{report}/rows/{table}?{report params}&page&pageSize&sort&dir: one page of one of
// the report's record tables, sorted over the whole filtered range; always masked.
import { reportRows } from "@/lib/reports/server/report-handlers";

export async function GET(request: Request, context: { params: Promise<{ report: string; table: string }> }) {
  const { report, table } = await context.params;
  return reportRows(request, report, table);
}
