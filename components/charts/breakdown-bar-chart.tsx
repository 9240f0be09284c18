"use client";

import dynamic from "next/dynamic";
import type { BreakdownRow } from "@/lib/reports/revenue-view";
import { ChartPlaceholder } from "./chart-placeholder";

// recharts is loaded after the page has painted its figures (see revenue-over-time-chart.tsx),
// into a frame whose height is already the chart's.
const BreakdownBarPlot = dynamic(() => import("./breakdown-bar-plot"), { ssr: false, loading: ChartPlaceholder });

const MAX_BARS = 8;

export function BreakdownBarChart({ rows, currency, title }: { rows: BreakdownRow[]; currency: string; title: string }) {
  const top = rows.slice(0, MAX_BARS);
  return (
    <figure className="w-full" style={{ height: 56 + top.length * 34 }} aria-label={`${title} in ${currency.toUpperCase()}`}>
      <BreakdownBarPlot rows={top} currency={currency} />
    </figure>
  );
}
