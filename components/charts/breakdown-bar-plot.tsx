"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/format";
import type { BreakdownRow } from "@/lib/reports/revenue-view";
import { SERIES_COLORS } from "./chart-colors";

// The recharts part of BreakdownBarChart, loaded after the page's first paint (see there).
// Horizontal bars: long labels (product names) stay readable on phones.
export default function BreakdownBarPlot({ rows, currency }: { rows: BreakdownRow[]; currency: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
        <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
        <XAxis type="number" tick={{ fill: "var(--chart-text)", fontSize: 12 }} tickFormatter={(v: number) => formatMoney(v, currency)} />
        <YAxis type="category" dataKey="key" width={140} tick={{ fill: "var(--chart-text)", fontSize: 12 }} />
        <Tooltip formatter={(value) => formatMoney(Number(value), currency)} />
        <Bar dataKey="amount" name="Amount" fill={SERIES_COLORS[0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
