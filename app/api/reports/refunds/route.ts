// GET /api/reports/refunds?{report params}: the report as an NDJSON stream (progress, then the
// view: aggregates and the table's size, never the raw records), for the session's account.
import { reportStreamRoute } from "@/lib/reports/server/report-route";

export const GET = reportStreamRoute("refunds");
