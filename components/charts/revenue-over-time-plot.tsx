"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/format";
import { CURRENT_COLOR, PREVIOUS_COLOR } from "./chart-colors";
import type { RevenueOverTimeChartProps } from "./revenue-over-time-chart";

// The recharts part of RevenueOverTimeChart, loaded after the page's first paint (see there).
export default function RevenueOverTimePlot({ currency, points, valueLabel, withComparison }: RevenueOverTimeChartProps) {
  const money = (v: number) => formatMoney(v, currency);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="bucket" tick={{ fill: "var(--chart-text)", fontSize: 12 }} minTickGap={24} />
        <YAxis tick={{ fill: "var(--chart-text)", fontSize: 12 }} tickFormatter={(v: number) => money(v)} width={96} />
        <Tooltip formatter={(value) => money(Number(value))} labelFormatter={(label) => String(label)} />
        <Legend />
        <Line type="monotone" dataKey="amount" name={valueLabel} stroke={CURRENT_COLOR} strokeWidth={2} dot={false} isAnimationActive={false} />
        {withComparison && (
          <Line type="monotone" dataKey="previousAmount" name="Comparison period" stroke={PREVIOUS_COLOR} strokeDasharray="5 4" strokeWidth={2} dot={false} isAnimationActive={false} />
        )}
      </LineChart>
    </ResponsiveContainer>
  );
}
