import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { CurrencyAttach } from "@/lib/reports/revenue-view";

const TYPE_LABELS: Record<string, string> = { order_bump: "Order bump", upsell: "Upsell", downsell: "Downsell" };

// Attach rates: of the orders whose front purchase happened, the share that also took each offer.
export function AttachRates({ attach, csvHref, assumed = null }: { attach: CurrencyAttach[]; csvHref: string; assumed?: CurrencyAssumption | null }) {
  return (
    <section aria-labelledby="attach-title" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id="attach-title" className="text-lg font-semibold">Front vs order bump, upsell and downsell</h2>
        <a className="text-sm underline" href={csvHref}>CSV</a>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {attach.map((a) => (
          <table key={a.currency} className="w-full rounded-xl border border-zinc-200 bg-white text-sm dark:border-zinc-800 dark:bg-zinc-900">
            <caption className="px-3 pt-3 text-left text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">{a.currency} · {a.frontOrders.toLocaleString("en-US")} front orders<AssumedCurrencyTag currency={a.currency} assumed={assumed} /></caption>
            <tbody>
              {a.rates.map((r) => (
                <tr key={r.type} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="px-3 py-2 text-left font-medium">{TYPE_LABELS[r.type] ?? r.type}</th>
                  <td className="px-3 py-2 text-right tabular-nums">{r.orders.toLocaleString("en-US")} orders</td>
                  <td data-testid={`attach-${a.currency}-${r.type}`} className="px-3 py-2 text-right tabular-nums">{r.rate === null ? "—" : `${(r.rate * 100).toFixed(1)}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
