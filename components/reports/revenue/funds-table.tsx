import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { formatMoney } from "@/lib/format";
import type { CurrencyFunds } from "@/lib/reports/revenue-view";

// Money becoming available (incomingAvailableAt), week by week.
export function FundsTable({ funds, label, csvHref, assumed = null }: { funds: CurrencyFunds[]; label: string; csvHref: string; assumed?: CurrencyAssumption | null }) {
  return (
    <section aria-labelledby="funds-title" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id="funds-title" className="text-lg font-semibold">{label}</h2>
        <a className="text-sm underline" href={csvHref}>CSV</a>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {funds.map((f) => (
          <table key={f.currency} className="w-full rounded-xl border border-zinc-200 bg-white text-sm dark:border-zinc-800 dark:bg-zinc-900">
            <caption className="px-3 pt-3 text-left text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">{f.currency}<AssumedCurrencyTag currency={f.currency} assumed={assumed} /></caption>
            <tbody>
              {f.weeks.map((w) => (
                <tr key={w.label} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="px-3 py-2 text-left font-medium">{w.label}</th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(w.amount, f.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
