"use client";

import { useStreamedView } from "@/components/reports/use-streamed-view";
import type { PayoutsView } from "@/lib/reports/payouts-view";
import { reportEndpoint } from "@/lib/reports/report-definitions";

/** The query of the calendar for the browser's minute, the URL's month (absent: the current one) and zone. */
export function payoutsQuery(minute: string, month: string | null, tz: string): string {
  return new URLSearchParams({ now: minute, ...(month ? { month } : {}), tz }).toString();
}

/**
 * The payout calendar's view for the browser's minute (`useBrowserMinute`), streamed with its
 * progress; the last one stays while the next loads. Nothing is asked while `minute` is null.
 */
export function usePayouts(minute: string | null, month: string | null, tz: string) {
  const query = minute ? payoutsQuery(minute, month, tz) : null;
  return { ...useStreamedView<PayoutsView>("payouts", reportEndpoint("payouts"), query), query };
}
