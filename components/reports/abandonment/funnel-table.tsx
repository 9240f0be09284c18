import type { AbandonmentView } from "@/lib/reports/report-views";
import { CsvLink } from "@/components/reports/csv-link";

type Funnel = AbandonmentView["funnel"];

// The checkout funnel from the carts' timestamps, with the drop at each step.
export function FunnelTable({ title, funnel, testId }: { title: string; funnel: Funnel; testId: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" tabIndex={0} role="region" aria-label={`Funnel ${title.toLowerCase()}, scrollable`}>
      <h3 className="text-sm font-semibold">{title} <CsvLink dataset={testId} /></h3>
      <table className="mt-2 min-w-full text-sm" data-testid={testId}>
        <thead className="text-left text-xs uppercase text-zinc-600 dark:text-zinc-400">
          <tr><th scope="col" className="py-1 pr-3">Group</th>{funnel.groups[0]?.steps.map((s) => <th key={s.key} scope="col" className="py-1 pr-3 text-right">{s.label}</th>)}</tr>
        </thead>
        <tbody>
          {funnel.groups.map((g) => (
            <tr key={g.key} className="border-t border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="py-1 pr-3 text-left font-medium">{g.key}</th>
              {g.steps.map((s) => (
                <td key={s.key} className="py-1 pr-3 text-right tabular-nums" data-step={s.key}>
                  {s.count.toLocaleString("en-US")}
                  {s.dropRatio !== null && <span className="block text-xs text-zinc-600 dark:text-zinc-400">−{(s.dropRatio * 100).toFixed(1)}%</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {funnel.notes.length > 0 && <ul className="mt-2 list-disc pl-5 text-xs text-zinc-600 dark:text-zinc-400">{funnel.notes.map((n) => <li key={n}>{n}</li>)}</ul>}
    </div>
  );
}
