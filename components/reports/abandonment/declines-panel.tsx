import { formatMoney } from "@/lib/format";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { CsvLink } from "@/components/reports/csv-link";

const pct = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);

// Why payments fail: decline codes in plain words, PSP × code, approval rates, attempts.
export function DeclinesPanel({ view }: { view: AbandonmentView }) {
  const { declines, matrix, approval, attempts } = view;
  return (
    <section aria-labelledby="ab-declines" className="space-y-4">
      <h2 id="ab-declines" className="text-lg font-semibold">Why payments fail <CsvLink dataset="declines" /></h2>
      <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" tabIndex={0} role="region" aria-label="Decline codes, scrollable">
        <table className="min-w-full text-sm" data-testid="decline-codes">
          <thead className="bg-zinc-100 text-left text-xs uppercase text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr><th scope="col" className="px-3 py-2">Decline code</th><th scope="col" className="px-3 py-2 text-right">Carts</th><th scope="col" className="px-3 py-2 text-right">Value</th><th scope="col" className="px-3 py-2">What it means</th><th scope="col" className="px-3 py-2">What you can do</th></tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {declines.byCount.map((row) => (
              <tr key={row.code}>
                <td className="px-3 py-2 font-mono text-xs">{row.code}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.count.toLocaleString("en-US")}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.values.map((v) => formatMoney(v.amount, v.currency)).join(" · ")}</td>
                <td className="px-3 py-2">{row.explanation}</td>
                <td className="px-3 py-2">{row.whatToDo}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {declines.byValue.map((group) => (
          <div key={group.currency} className="rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
            <h3 className="font-semibold">Ranked by value lost · {group.currency.toUpperCase()}</h3>
            <ol className="mt-2 space-y-1">
              {group.rows.map((r) => <li key={r.code} className="flex justify-between gap-3"><span className="min-w-0 break-all font-mono text-xs">{r.code}</span><span className="tabular-nums">{formatMoney(r.amount, group.currency)} · {r.count} carts</span></li>)}
            </ol>
          </div>
        ))}
      </div>
      <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" tabIndex={0} role="region" aria-label="PSP × decline code (carts), scrollable" data-testid="decline-matrix-scroll">
        <h3 className="text-sm font-semibold">PSP × decline code (carts) <CsvLink dataset="decline-matrix" /></h3>
        <table className="mt-2 min-w-full text-sm" data-testid="decline-matrix" data-total={matrix.total}>
          <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400"><tr><th scope="col" className="pr-3">PSP</th>{matrix.codes.map((c) => <th key={c} scope="col" className="pr-3 text-right font-mono">{c}</th>)}<th scope="col" className="text-right">Total</th></tr></thead>
          <tbody>
            {matrix.psps.map((psp, i) => (
              <tr key={psp} className="border-t border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="pr-3 text-left font-medium">{psp}</th>
                {matrix.codes.map((c, j) => <td key={c} className="pr-3 text-right tabular-nums" data-cell="">{matrix.counts[i]?.[j] ?? 0}</td>)}
                <td className="text-right tabular-nums">{matrix.pspTotals[i]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {(["psp", "paymentMethod", "cardBrand"] as const).map((by) => (
          <div key={by} className="rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
            <h3 className="font-semibold">Approval rate by {by === "psp" ? "PSP" : by === "paymentMethod" ? "payment method" : "card brand"} <CsvLink dataset="approval-rates" /></h3>
            <ul className="mt-2 space-y-1">
              {approval[by].rows.map((r) => <li key={r.key} className="flex justify-between"><span>{r.key}</span><span className="tabular-nums">{pct(r.rate)} of {r.attempts}</span></li>)}
            </ul>
          </div>
        ))}
      </div>
      <p className="text-sm" data-testid="attempts-per-cart">
        Attempts per cart: {attempts.buckets.map((b) => `${b.label}: ${b.carts}`).join(" · ")} (mean {attempts.mean?.toFixed(2) ?? "—"})
      </p>
    </section>
  );
}
