"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSessionScope } from "@/components/providers/session-scope";
import { readReportStream } from "@/lib/reports/browser/read-report-stream";
import type { RangeProgress } from "@/lib/reports/report-progress";

/**
 * A view streamed from `endpoint?query` (NDJSON: progress, then the view) in the tab's one query
 * cache, with its progress; the last view stays while the next loads. Nothing is asked while
 * `query` is null. The Overview and the payout calendar read theirs this way.
 */
export function useStreamedView<V>(kind: string, endpoint: string, query: string | null) {
  const scope = useSessionScope();
  const [progress, setProgress] = useState<{ query: string; progress: RangeProgress } | null>(null);
  const result = useQuery({
    queryKey: [scope, kind, query],
    enabled: query !== null,
    queryFn: async ({ signal }) => {
      const response = await fetch(`${endpoint}?${query}`, { signal, headers: { accept: "application/x-ndjson" } });
      const { data } = await readReportStream<V>(response, (p) => setProgress({ query: query!, progress: p }));
      return data;
    },
    placeholderData: (previous) => previous,
  });
  return { ...result, progress: progress && progress.query === query ? progress.progress : null };
}
