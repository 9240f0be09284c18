"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { readReportStream } from "@/lib/reports/read-report-stream";
import type { RevenueView } from "@/lib/reports/revenue-view";
import type { RangeProgress } from "@/lib/sales-api/fetch-range";

/** The Revenue report of a URL query; refreshed about every minute while it includes today. */
export function useRevenueReport(query: string, includesToday: boolean) {
  const [progress, setProgress] = useState<RangeProgress | null>(null);
  const result = useQuery({
    queryKey: ["revenue:report", query],
    queryFn: async ({ signal }) => {
      setProgress(null);
      const response = await fetch(`/api/reports/revenue?${query}`, { signal, headers: { accept: "application/x-ndjson" } });
      return readReportStream<RevenueView>(response, setProgress);
    },
    // Closed days come from the server's day cache, so a refresh asks the upstream only for recent days.
    refetchInterval: includesToday ? 60_000 : false,
    placeholderData: (previous) => previous,
  });
  return { ...result, progress };
}
