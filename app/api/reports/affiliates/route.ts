// GET /api/reports/affiliates?{report params}: the Affiliates leaderboard as an NDJSON stream
// (progress, then the view: aggregates only), for a creator key; an affiliate key gets 403.
import { reportStreamRoute } from "@/lib/reports/server/report-route";

export const GET = reportStreamRoute("affiliates");
