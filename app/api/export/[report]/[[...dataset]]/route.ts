// GET /api/export/{report}/{dataset}?{report params}: one CSV of the report, or "all" as a ZIP of
// every CSV, for the signed-in account; without a dataset, the report's default file.
import { exportReport } from "@/lib/reports/server/report-handlers";

export async function GET(request: Request, context: { params: Promise<{ report: string; dataset?: string[] }> }) {
  const { report, dataset } = await context.params;
  return exportReport(request, report, dataset);
}
