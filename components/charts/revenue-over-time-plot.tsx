"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useBucketLabel } from "@/components/i18n/use-bucket-label";
import { useFormats } from "@/components/i18n/use-formats";
import { tickCandidates } from "@/lib/charts/axis-ticks";
import { maxOf, niceTicks } from "@/lib/charts/nice-ticks";
import { clipToNow, splitPartial } from "@/lib/charts/partial-bucket";
import { CURRENT_COLOR, PREVIOUS_COLOR } from "./chart-colors";
import { useMountTurn } from "./mount-turn";
import type { RevenueOverTimeChartProps } from "./revenue-over-time-chart";

// The dot of the partial bucket only: the point where "so far" ends.
function PartialDot({ cx, cy, payload }: { cx?: number; cy?: number; payload?: { partial?: boolean } }) {
  if (!payload?.partial || cx === undefined || cy === undefined) return <g />;
  return <circle data-testid="partial-point" cx={cx} cy={cy} r={4} fill="var(--chart-bg, white)" stroke={CURRENT_COLOR} strokeWidth={2} />;
}

// The recharts part of RevenueOverTimeChart, loaded after the page's first paint (see there).
export default function RevenueOverTimePlot({ currency, points, valueLabel, withComparison, granularity, timeZone, measure = "amount" }: RevenueOverTimeChartProps) {
  const t = useTranslations("numbers");
  const tc = useTranslations("charts");
  const f = useFormats();
  const bucketLabel = useBucketLabel();
  // The reader's clock, read once per mount: the report refreshes itself while a range is open.
  const [nowMs] = useState(() => Date.now());
  // The values as text take a turn of their own after the line: two years by day are 730 rows,
  // as much work as the chart, and together they held the tab past 200 ms.
  const valuesTurn = useMountTurn();
  const rows = splitPartial(clipToNow(points, { granularity, timeZone, nowMs }), (p) => (measure === "count" ? p.count : p.amount));
  const partial = rows.find((r) => r.partial);
  const ticks = niceTicks(maxOf(rows, ["value", "partialValue", ...(withComparison && measure === "amount" ? (["previousAmount"] as const) : [])]), 4);
  // Two years by day: recharts measures only these candidates' labels, not 730 (lib/charts/axis-ticks.ts).
  const xTicks = tickCandidates(rows.map((r) => r.bucket));
  const format = (v: number) => (measure === "count" ? f.number(v) : f.money(v, currency));
  const axis = (v: number) => (measure === "count" ? f.number(v) : f.compactMoney(v, currency));
  return (
    <div className="h-full w-full" data-testid="over-time-plot" data-measure={measure} data-last-bucket={rows.at(-1)?.bucket ?? ""} data-partial-bucket={partial?.bucket ?? ""} data-points={rows.length}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis dataKey="bucket" ticks={xTicks} tick={{ fill: "var(--chart-text)", fontSize: 12 }} tickFormatter={bucketLabel} minTickGap={24} />
          <YAxis tick={{ fill: "var(--chart-text)", fontSize: 12 }} ticks={ticks} domain={[0, ticks.at(-1)!]} allowDecimals={measure !== "count"} interval={0} tickFormatter={(v: number) => axis(v)} width={72} />
          <Tooltip
            formatter={(value) => format(Number(value))}
            labelFormatter={(label) => (label === partial?.bucket ? t("soFarTooltip", { bucket: bucketLabel(label) }) : bucketLabel(label))}
          />
          <Legend />
          <Line type="monotone" dataKey="value" name={valueLabel} stroke={CURRENT_COLOR} strokeWidth={2} dot={false} isAnimationActive={false} />
          {partial && (
            <Line type="monotone" dataKey="partialValue" name={t("soFar", { label: valueLabel })} stroke={CURRENT_COLOR} strokeDasharray="2 4" strokeWidth={2} dot={<PartialDot />} activeDot={false} legendType="plainline" isAnimationActive={false} />
          )}
          {withComparison && measure === "amount" && (
            <Line type="monotone" dataKey="previousAmount" name={tc("comparison")} stroke={PREVIOUS_COLOR} strokeDasharray="5 4" strokeWidth={2} dot={false} isAnimationActive={false} />
          )}
        </LineChart>
      </ResponsiveContainer>
      {/* The chart's values as text, for screen readers (and exact checks). */}
      {valuesTurn && <table className="sr-only" data-testid="over-time-values">
        <caption>{valueLabel}</caption>
        <tbody>
          {rows.map((r) => {
            const v = r.partial ? r.partialValue : r.value;
            return (
              <tr key={r.bucket} data-bucket={r.bucket}>
                <th scope="row">{r.partial ? t("soFarTooltip", { bucket: bucketLabel(r.bucket) }) : bucketLabel(r.bucket)}</th>
                <td data-value={v ?? ""}>{v === null ? "—" : format(v)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>}
    </div>
  );
}
