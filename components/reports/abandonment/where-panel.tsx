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
      <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
        <h3 className="text-sm font-semibold">Session starts of abandoned carts by weekday and hour ({heatmap.timeZone}) <CsvLink dataset="heatmap" /></h3>
        <table className="mt-2 text-[10px]" data-testid="heatmap" aria-label="Abandoned carts by weekday and hour">
          <thead><tr><th scope="col" />{Array.from({ length: 24 }, (_, h) => <th key={h} scope="col" className="w-6 text-center font-normal text-zinc-500">{h}</th>)}</tr></thead>
          <tbody>
            {heatmap.weekdays.map((day, d) => (
              <tr key={day}>
                <th scope="row" className="pr-2 text-left font-medium">{day}</th>
                {(heatmap.cells[d] ?? []).map((count, h) => (
                  <td key={h} title={`${day} ${h}:00 — ${count}`} className="h-5 w-6 text-center tabular-nums" style={{ background: `color-mix(in srgb, var(--chart-1) ${heatmap.max ? Math.round((count / heatmap.max) * 85) : 0}%, transparent)` }}>{count || ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
