"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormats } from "@/components/i18n/use-formats";
import { categoryAxis } from "@/lib/charts/category-axis";
import { maxOf, niceTicks } from "@/lib/charts/nice-ticks";
import type { LabelledBreakdownRow } from "./breakdown-bar-chart";
import { SERIES_COLORS } from "./chart-colors";

// A category's word, and under it, smaller, its secondary text (an offer's code).
function CategoryTick({ x, y, payload, rows, maxChars }: { x?: number | string; y?: number | string; payload?: { value?: unknown; index?: number }; rows: LabelledBreakdownRow[]; maxChars: number }) {
  const secondary = rows[payload?.index ?? -1]?.secondary;
  const text = String(payload?.value ?? "");
  // A name longer than the axis has room for is cut with an ellipsis, whole in its tooltip.
  const shown = text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
  return (
    <text x={x} y={y} textAnchor="end" fill="var(--chart-text)" fontSize={12}>
      <title>{secondary ? `${text} (${secondary})` : text}</title>
      <tspan x={x} dy={secondary ? "-0.25em" : "0.35em"}>{shown}</tspan>
      {secondary && <tspan x={x} dy="1.2em" fontSize={10}>{secondary}</tspan>}
    </text>
  );
}

// The recharts part of BreakdownBarChart, loaded after the page's first paint (see there).
// Horizontal bars: long labels (product names) stay readable on phones; each bar says its value.
export default function BreakdownBarPlot({ rows, currency }: { rows: LabelledBreakdownRow[]; currency: string }) {
  const t = useTranslations("charts");
  const f = useFormats();
  const ticks = niceTicks(maxOf(rows, ["amount"]), 3);
  const compact = (v: unknown) => f.compactMoney(Number(v), currency);
  const [chartWidth, setChartWidth] = useState(0);
  const { width: yWidth, maxChars } = categoryAxis(rows.map((r) => String(r.label ?? "")), chartWidth);
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={(width) => setChartWidth(width)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 56, bottom: 4, left: 8 }}>
        <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
        <XAxis type="number" ticks={ticks} domain={[0, ticks.at(-1)!]} interval={0} tick={{ fill: "var(--chart-text)", fontSize: 12 }} tickFormatter={(v: number) => f.compactMoney(v, currency)} />
        <YAxis type="category" dataKey="label" width={yWidth} tick={(props: object) => <CategoryTick {...props} rows={rows} maxChars={maxChars} />} />
        <Tooltip formatter={(value) => f.money(Number(value), currency)} />
        <Bar dataKey="amount" name={t("amount")} fill={SERIES_COLORS[0]} isAnimationActive={false}>
          <LabelList dataKey="amount" position="right" className="bar-value" fill="var(--chart-text)" fontSize={12} formatter={compact} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
