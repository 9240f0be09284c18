"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSessionScope } from "@/components/providers/session-scope";
import { readReportStream } from "@/lib/reports/browser/read-report-stream";
import { useBrowserMinute } from "@/components/reports/use-browser-minute";
import type { OverviewView } from "@/lib/reports/overview-view";
import type { RangeProgress } from "@/lib/reports/report-progress";

export const OVERVIEW_ENDPOINT = "/api/reports/overview";

/** The Overview's view for the browser's minute and the zone, streamed with its progress; the last one stays while the next loads. */
export function useOverview(tz: string) {
  const scope = useSessionScope();
  const minute = useBrowserMinute();
  const query = minute ? new URLSearchParams({ now: minute, tz }).toString() : null;
  const [progress, setProgress] = useState<{ query: string; progress: RangeProgress } | null>(null);
  const result = useQuery({
    queryKey: [scope, "overview", query],
    enabled: query !== null,
    queryFn: async ({ signal }) => {
      const response = await fetch(`${OVERVIEW_ENDPOINT}?${query}`, { signal, headers: { accept: "application/x-ndjson" } });
      const { data } = await readReportStream<OverviewView>(response, (p) => setProgress({ query: query!, progress: p }));
      return data;
    },
    placeholderData: (previous) => previous,
  });
  return { ...result, progress: progress && progress.query === query ? progress.progress : null };
}
