"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import type { CategoryLabel } from "@/lib/i18n/code-labels";
import type { BreakdownRow } from "@/lib/reports/revenue-view";
import { ChartPlaceholder } from "./chart-placeholder";
import { useMountTurn } from "./mount-turn";
import { useCurrencyName } from "@/components/i18n/use-currency-name";

// recharts is loaded after the page has painted its figures (see revenue-over-time-chart.tsx),
// into a frame whose height is already the chart's.
// The same chunk as the plot's: awaited before the chart takes its turn.
const loadPlot = () => import("./breakdown-bar-plot");
const BreakdownBarPlot = dynamic(() => import("./breakdown-bar-plot"), { ssr: false, loading: ChartPlaceholder });

const MAX_BARS = 8;

/** A row with the words its category is shown by (the caller labels it, in the reader's language). */
export type LabelledBreakdownRow = BreakdownRow & CategoryLabel;

export function BreakdownBarChart({ rows, currency, title }: { rows: LabelledBreakdownRow[]; currency: string; title: string }) {
  const t = useTranslations("charts");
  const currencyName = useCurrencyName();
  const top = rows.slice(0, MAX_BARS);
  const turn = useMountTurn(loadPlot);
  return (
    <figure className="w-full" style={{ height: 56 + top.length * 34 }} aria-label={t("breakdownFigure", { title, currency: currencyName(currency) })}>
      {turn ? <BreakdownBarPlot rows={top} currency={currency} /> : <ChartPlaceholder />}
    </figure>
  );
}
