import type { CurrencyTotal } from "@/lib/analytics/totals-by-currency";
import { formatMoney } from "@/lib/format";

type Row = { id: string; createdAt: string; product: string; amount: string; milestone: string; customer: string };
type Props = { from: string; to: string; totalCount: number; totals: CurrencyTotal[]; milestones: Array<[string, number]>; rows: Row[] };

export function OrdersOverview({ from, to, totalCount, totals, milestones, rows }: Props) {
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" className="text-2xl font-semibold tracking-tight">Orders</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{from} to {to} (UTC), by checkout start</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <dt className="text-sm text-zinc-500">Orders</dt>
          <dd data-testid="order-count" className="mt-1 text-2xl font-semibold tabular-nums">{totalCount.toLocaleString("en-US")}</dd>
        </div>
        {totals.map((t) => (
          <div key={t.currency} className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <dt className="text-sm text-zinc-500">Transaction amount · {t.currency.toUpperCase()}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatMoney(t.amount, t.currency)}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-10 text-lg font-semibold">Fulfilment</h2>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {milestones.map(([name, count]) => (
          <li key={name} className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">{name.replaceAll("_", " ")}: <span className="tabular-nums">{count}</span></li>
        ))}
      </ul>
      <h2 className="mt-10 text-lg font-semibold">Newest orders</h2>
      <div className="mt-3 overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
        <table className="min-w-full text-sm">
          <thead className="bg-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>{["Order", "Created (UTC)", "Product", "Amount", "Milestone", "Customer"].map((h) => <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>)}</tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="px-3 py-2 font-mono text-xs">{r.id}</td>
                <td className="whitespace-nowrap px-3 py-2">{r.createdAt}</td>
                <td className="px-3 py-2">{r.product}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{r.amount}</td>
                <td className="px-3 py-2">{r.milestone.replaceAll("_", " ")}</td>
                <td className="px-3 py-2">{r.customer}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
