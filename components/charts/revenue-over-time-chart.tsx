"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import type { Granularity } from "@/lib/report-params/definitions";
import type { SeriesPoint } from "@/lib/reports/revenue-view";
import { ChartPlaceholder } from "./chart-placeholder";
import { useMountTurn } from "./mount-turn";
import { useCurrencyName } from "@/components/i18n/use-currency-name";

export type RevenueOverTimeChartProps = {
  currency: string;
  points: SeriesPoint[];
  valueLabel: string;
  withComparison: boolean;
  /** The report's buckets, to read which one holds "now" (partial) and which are still to come. */
  granularity: Granularity;
  timeZone: string;
  /** What the line draws: the money of each bucket (default) or its number of records. */
  measure?: "amount" | "count";
};

// recharts is most of a report page's JavaScript: it is loaded after the page has painted its
// figures (never rendered on the server), into a frame that already has the chart's size.
// The same chunk as the plot's: awaited before the chart takes its turn.
const loadPlot = () => import("./revenue-over-time-plot");
const RevenueOverTimePlot = dynamic(() => import("./revenue-over-time-plot"), { ssr: false, loading: ChartPlaceholder });

// A value per bucket, with the comparison period overlaid as a dashed line.
export function RevenueOverTimeChart(props: RevenueOverTimeChartProps) {
  const t = useTranslations("charts");
  const currencyName = useCurrencyName();
  const turn = useMountTurn(loadPlot);
  return (
    <figure className="h-72 w-full" aria-label={props.measure === "count" ? t("overTimeFigureCount", { label: props.valueLabel }) : t("overTimeFigure", { label: props.valueLabel, currency: currencyName(props.currency) })}>
      {turn ? <RevenueOverTimePlot {...props} /> : <ChartPlaceholder />}
    </figure>
  );
}
