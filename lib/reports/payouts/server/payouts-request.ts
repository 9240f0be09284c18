import "server-only";

// The payout calendar's request: the browser's minute (its clock decides "today"), the month and
// the zone, checked here.
import { parseOverviewNow } from "@/lib/reports/overview-windows";
import { parsePayoutMonth, payoutMonthBounds } from "@/lib/reports/payouts-month";
import type { ReportRequest } from "@/lib/reports/server/report-route";
import type { PayoutsRequest } from "@/lib/reports/server/payouts-report";

/** The calendar's request from the URL, or the words of a 400. */
export function payoutsRequest({ params, query }: Pick<ReportRequest, "params" | "query">): PayoutsRequest | string {
  const now = parseOverviewNow(query.get("now"));
  if (!now) return "The payout calendar needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.";
  const raw = query.get("month");
  const month = raw === null || raw === "" ? null : parsePayoutMonth(raw);
  if (raw && !month) return `month must be a month written YYYY-MM, not "${raw.slice(0, 20)}".`;
  // Before the history nothing is known, and nothing is scheduled past next month: a calendar
  // there would show empty days as if nothing were due.
  const { first, last } = payoutMonthBounds(now, params.tz);
  if (month && (month < first || month > last)) return `month must be between ${first} (the synced history's first) and ${last}, not ${month}.`;
  return { now, month, tz: params.tz };
}
