"use client";

import dynamic from "next/dynamic";
import type { SeriesPoint } from "@/lib/reports/revenue-view";
import { ChartPlaceholder } from "./chart-placeholder";

export type RevenueOverTimeChartProps = { currency: string; points: SeriesPoint[]; valueLabel: string; withComparison: boolean };

// recharts is most of a report page's JavaScript: it is loaded after the page has painted its
// figures (never rendered on the server), into a frame that already has the chart's size.
const RevenueOverTimePlot = dynamic(() => import("./revenue-over-time-plot"), { ssr: false, loading: ChartPlaceholder });

// Revenue per bucket, with the comparison period overlaid as a dashed line.
export function RevenueOverTimeChart(props: RevenueOverTimeChartProps) {
  return (
    <figure className="h-72 w-full" aria-label={`${props.valueLabel} over time in ${props.currency.toUpperCase()}`}>
      <RevenueOverTimePlot {...props} />
    </figure>
  );
}
