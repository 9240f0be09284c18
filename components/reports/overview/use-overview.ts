"use client";

import { useBrowserMinute } from "@/components/reports/use-browser-minute";
import { useStreamedView } from "@/components/reports/use-streamed-view";
import type { OverviewView } from "@/lib/reports/overview-view";
import { reportEndpoint } from "@/lib/reports/report-definitions";

/** The Overview's view for the browser's minute and the zone (nothing is asked before both are known), streamed with its progress; the last one stays while the next loads. */
export function useOverview(tz: string | null) {
  const minute = useBrowserMinute();
  return useStreamedView<OverviewView>("overview", reportEndpoint("overview"), minute && tz ? new URLSearchParams({ now: minute, tz }).toString() : null);
}
