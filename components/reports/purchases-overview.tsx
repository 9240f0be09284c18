import type { CurrencyTotal } from "@/lib/analytics/totals-by-currency";
import { formatMoney } from "@/lib/format";

export interface PurchaseRow { id: string; createdAt: string; product: string; type: string; amount: string; customer: string; email: string }

type Props = { from: string; to: string; amountLabel: string; totals: CurrencyTotal[]; rows: PurchaseRow[]; totalCount: number };

export function PurchasesOverview({ from, to, amountLabel, totals, rows, totalCount }: Props) {
  return (
    <section aria-labelledby="purchases-title">
      <h1 id="purchases-title" className="text-2xl font-semibold tracking-tight">Purchases</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {from} to {to} (UTC), by checkout start
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <dt className="text-sm text-zinc-500">Purchases</dt>
          <dd data-testid="purchase-count" className="mt-1 text-2xl font-semibold tabular-nums">{totalCount.toLocaleString("en-US")}</dd>
        </div>
        {totals.map((t) => (
          <div key={t.currency} className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <dt className="text-sm text-zinc-500">{amountLabel} · {t.currency.toUpperCase()}</dt>
            <dd data-testid={`amount-${t.currency}`} className="mt-1 text-2xl font-semibold tabular-nums">{formatMoney(t.amount, t.currency)}</dd>
            <dd className="text-xs text-zinc-500">{t.count.toLocaleString("en-US")} purchases</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-10 text-lg font-semibold">Newest purchases</h2>
      <p className="text-sm text-zinc-500">Customer details are masked.</p>
      <div className="mt-3 overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
        <table className="min-w-full text-sm">
          <thead className="bg-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              {["Purchase", "Created (UTC)", "Product", "Type", amountLabel, "Customer", "E-mail"].map((h) => <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>)}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {rows.map((r) => (
              <tr key={r.id} data-testid="purchase-row">
                <td className="px-3 py-2 font-mono text-xs">{r.id}</td>
                <td className="whitespace-nowrap px-3 py-2">{r.createdAt}</td>
                <td className="px-3 py-2">{r.product}</td>
                <td className="px-3 py-2">{r.type}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{r.amount}</td>
                <td className="px-3 py-2">{r.customer}</td>
                <td className="px-3 py-2">{r.email}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr><td colSpan={7} className="px-3 py-6 text-center text-zinc-500">No purchases in this range.</td></tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
