// GET /api/reports/overview?now={UTC minute}&tz={zone}: the Overview as an NDJSON stream
// (progress, then the view), for the session's account.
import { overviewStreamRoute } from "@/lib/reports/server/overview-route";

export const GET = overviewStreamRoute();
