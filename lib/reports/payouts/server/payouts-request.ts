import "server-only";

// The payout calendar's request: the browser's minute (its clock decides "today"), the month and
// the zone, checked here.
import { z } from "zod";
import { parsePayoutMonth, payoutMonthBounds } from "@/lib/reports/payouts-month";
import { reportRequest } from "@/lib/report-params/schema";
import { browserMinute } from "@/lib/reports/server/report-request";
import type { ReportRequest } from "@/lib/reports/server/report-route";
import type { PayoutsRequest } from "@/lib/reports/server/payouts-report";

/** The shared report parameters (the zone is the calendar's) and its own: the browser's minute, and the month shown (its current one when none). */
export const PAYOUTS_REQUEST = reportRequest({
  now: browserMinute("The payout calendar needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC."),
  month: z
    .string()
    .optional()
    .transform((raw, context) => {
      if (!raw) return null;
      return parsePayoutMonth(raw) ?? (context.addIssue({ code: "custom", message: `month must be a month written YYYY-MM, not "${raw.slice(0, 20)}".` }), z.NEVER);
    }),
});

/** The calendar's own parameters as its schema reads them. */
export interface PayoutsAsked { now: Date; month: string | null }

/** The calendar's request, or the words of a 400 (a month outside the calendar's bounds). */
export function payoutsRequest({ params, asked }: Pick<ReportRequest<PayoutsAsked>, "params" | "asked">): PayoutsRequest | string {
  const { now, month } = asked;
  // Before the history nothing is known, and nothing is scheduled past next month: a calendar
  // there would show empty days as if nothing were due.
  const { first, last } = payoutMonthBounds(now, params.tz);
  if (month && (month < first || month > last)) return `month must be between ${first} (the synced history's first) and ${last}, not ${month}.`;
  return { now, month, tz: params.tz };
}
