import { formatMoney } from "@/lib/format";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { CsvLink } from "@/components/reports/csv-link";

type PanelRow = Pick<AbandonmentView["byOffer"][number], "key" | "label" | "count" | "values">;

function WhereTable({ title, rows, dataset }: { title: string; rows: PanelRow[]; dataset: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="font-semibold">{title} <CsvLink dataset={dataset} /></h3>
      <ul className="mt-2 space-y-1">
        {rows.slice(0, 12).map((r) => (
          <li key={r.key} className="flex justify-between gap-3"><span>{r.label}</span><span className="tabular-nums">{r.count} · {r.values.map((v) => formatMoney(v.amount, v.currency)).join(" · ")}</span></li>
        ))}
      </ul>
    </div>
  );
}

/** On a phone, 7 × 24 cells do not fit: the busiest weekday-hours, ranked, instead. */
function HeatmapRanked({ heatmap }: { heatmap: AbandonmentView["heatmap"] }) {
  const slots = heatmap.weekdays
    .flatMap((day, d) => (heatmap.cells[d] ?? []).map((count, hour) => ({ day, hour, count })))
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count || a.hour - b.hour)
    .slice(0, 10);
  return (
    <ol className="mt-2 space-y-1 text-sm md:hidden" data-testid="heatmap-ranked" aria-label="Busiest weekday-hours for abandoned carts">
      {slots.map((s) => (
        <li key={`${s.day}-${s.hour}`} className="flex items-center gap-2">
          <span className="w-32 shrink-0 whitespace-nowrap">{s.day} {String(s.hour).padStart(2, "0")}:00–{String(s.hour + 1).padStart(2, "0")}:00</span>
          <span className="h-2 rounded-sm bg-[var(--chart-1)]" style={{ width: `${heatmap.max ? Math.max(4, Math.round((s.count / heatmap.max) * 100)) : 0}%`, maxWidth: "45%" }} aria-hidden="true" />
          <span className="ml-auto tabular-nums">{s.count}</span>
        </li>
      ))}
      {slots.length === 0 && <li>No abandoned carts in this range.</li>}
    </ol>
  );
}

// Where checkouts are lost: by offer, product and place, and when (weekday × local hour).
export function WherePanel({ view }: { view: AbandonmentView }) {
  const { heatmap } = view;
  return (
    <section aria-labelledby="ab-where" className="space-y-4">
      <h2 id="ab-where" className="text-lg font-semibold">Where and when</h2>
      <div className="grid gap-4 md:grid-cols-3">
        <WhereTable title="By offer" rows={view.byOffer} dataset="by-offer" />
        <WhereTable title="By product" rows={view.byProduct} dataset="by-product" />
        <WhereTable title="By country / state" rows={view.byCountryState} dataset="by-country-state" />
      </div>
      <div className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
        <h3 className="text-sm font-semibold">Session starts of abandoned carts by weekday and hour ({heatmap.timeZone}) <CsvLink dataset="heatmap" /></h3>
        <HeatmapRanked heatmap={heatmap} />
        <div className="hidden overflow-x-auto md:block" tabIndex={0} role="region" aria-label="Abandoned carts by weekday and hour, scrollable">
        <table className="mt-2 text-[10px]" data-testid="heatmap" aria-label="Abandoned carts by weekday and hour">
          <thead><tr><th scope="col" />{Array.from({ length: 24 }, (_, h) => <th key={h} scope="col" className="w-6 text-center font-normal text-zinc-600 dark:text-zinc-400">{h}</th>)}</tr></thead>
          <tbody>
            {heatmap.weekdays.map((day, d) => (
              <tr key={day}>
                <th scope="row" className="pr-2 text-left font-medium">{day}</th>
                {(heatmap.cells[d] ?? []).map((count, h) => (
                  <td key={h} title={`${day} ${h}:00 — ${count}`} className="h-5 w-6 text-center tabular-nums" style={{ background: `color-mix(in srgb, var(--heat) ${heatmap.max ? Math.round((count / heatmap.max) * 70) : 0}%, transparent)` }}>{count || ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </div>
    </section>
  );
}
