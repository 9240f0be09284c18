// GET /api/reports/payouts?now={UTC minute}&month={YYYY-MM}&tz={zone}: the payout calendar as an
// NDJSON stream (progress, then the view), for the session's account.
import { payoutsStreamRoute } from "@/lib/reports/server/payouts-route";

export const GET = payoutsStreamRoute();
