import { formatGenericCell, type GenericColumn } from "@/lib/reports/generic-columns";

type Records = { columns: GenericColumn[]; rows: Array<Record<string, unknown>>; total: number };

// Records whose fields the contract does not show, rendered from what they carry.
export function RecordsPanel({ title, records, csvHref, testId }: { title: string; records: Records; csvHref: string; testId: string }) {
  return (
    <section aria-label={title} className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{title} <span className="text-sm font-normal text-zinc-500">(<span data-testid={`${testId}-total`}>{records.total}</span>{records.total > records.rows.length ? `, newest ${records.rows.length} shown` : ""})</span></h2>
        <a className="text-sm underline" href={csvHref}>CSV of all {records.total}</a>
      </div>
      <div className="max-h-96 overflow-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
        <table className="min-w-full text-xs">
          <thead className="sticky top-0 bg-zinc-100 text-left uppercase text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>{records.columns.map((c) => <th key={c.key} scope="col" className="px-2 py-1.5 font-medium">{c.key}</th>)}</tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {records.rows.map((r, i) => <tr key={i}>{records.columns.map((c) => <td key={c.key} className="whitespace-nowrap px-2 py-1">{formatGenericCell(r, c)}</td>)}</tr>)}
            {records.rows.length === 0 && <tr><td colSpan={records.columns.length || 1} className="px-3 py-4 text-center text-zinc-500">None in this period.</td></tr>}
          </tbody>
        </table>
      </div>
    </section>
  );
}
