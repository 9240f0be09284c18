"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSessionScope } from "@/components/providers/session-scope";
import { readReportStream } from "@/lib/reports/browser/read-report-stream";
import type { PayoutsView } from "@/lib/reports/payouts-view";
import type { RangeProgress } from "@/lib/reports/report-progress";

export const PAYOUTS_ENDPOINT = "/api/reports/payouts";

/** The query of the calendar for the browser's minute, the URL's month (absent: the current one) and zone. */
export function payoutsQuery(minute: string, month: string | null, tz: string): string {
  return new URLSearchParams({ now: minute, ...(month ? { month } : {}), tz }).toString();
}

/**
 * The payout calendar's view for the browser's minute (`useBrowserMinute`), streamed with its
 * progress; the last one stays while the next loads. Nothing is asked while `minute` is null.
 */
export function usePayouts(minute: string | null, month: string | null, tz: string) {
  const scope = useSessionScope();
  const query = minute ? payoutsQuery(minute, month, tz) : null;
  const [progress, setProgress] = useState<{ query: string; progress: RangeProgress } | null>(null);
  const result = useQuery({
    queryKey: [scope, "payouts", query],
    enabled: query !== null,
    queryFn: async ({ signal }) => {
      const response = await fetch(`${PAYOUTS_ENDPOINT}?${query}`, { signal, headers: { accept: "application/x-ndjson" } });
      const { data } = await readReportStream<PayoutsView>(response, (p) => setProgress({ query: query!, progress: p }));
      return data;
    },
    placeholderData: (previous) => previous,
  });
  return { ...result, query, progress: progress && progress.query === query ? progress.progress : null };
}
