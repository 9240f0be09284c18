"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSessionScope } from "@/components/providers/session-scope";
import { reportEndpoint, type ReportId } from "@/lib/reports/report-definitions";
import { readReportStream } from "@/lib/reports/browser/read-report-stream";
import type { RangeProgress } from "@/lib/reports/report-progress";

export interface LoadedReport<V> {
  view: V;
  /** The report URL's query this view answers (while a new one loads, not the URL's). */
  query: string;
  generatedAt: string;
}

/**
 * A report's view for a URL query, streamed with its progress, in the tab's one query cache.
 * While another query loads, the last view stays as placeholder (`isPlaceholderData`), so the
 * page can show it dimmed and labelled rather than blank or, worse, under the new dates.
 * Refreshed about every minute while the range includes today.
 */
export function useReport<V>(id: ReportId, query: string, includesToday: boolean) {
  const scope = useSessionScope();
  const [progress, setProgress] = useState<{ query: string; progress: RangeProgress } | null>(null);
  const result = useQuery({
    queryKey: [scope, "report", id, query],
    queryFn: async ({ signal }): Promise<LoadedReport<V>> => {
      const response = await fetch(`${reportEndpoint(id)}?${query}`, { signal, headers: { accept: "application/x-ndjson" } });
      const { data, generatedAt } = await readReportStream<V>(response, (p) => setProgress({ query, progress: p }));
      return { view: data, query, generatedAt };
    },
    // Closed days come from the account's mirror, so a refresh asks the upstream only for recent days.
    refetchInterval: includesToday ? 60_000 : false,
    placeholderData: (previous) => previous,
  });
  return { ...result, progress: progress?.query === query ? progress.progress : null };
}
