"use client";

import { useTranslations } from "next-intl";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { useFormats } from "@/components/i18n/use-formats";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { CurrencyAttach } from "@/lib/reports/revenue-view";
import { card } from "@/components/ui/surface";

// Attach rates: of the orders whose front purchase happened, the share that also took each offer.
export function AttachRates({ attach, csvHref, assumed = null }: { attach: CurrencyAttach[]; csvHref: string | null; assumed?: CurrencyAssumption | null }) {
  const t = useTranslations("revenue.attach");
  const f = useFormats();
  const label = useCodeLabel();
  return (
    <section aria-labelledby="attach-title" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id="attach-title" className="text-lg font-semibold">{t("title")}</h2>
        {csvHref && <a className="text-sm underline" href={csvHref}>CSV</a>}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {attach.map((a) => (
          <table key={a.currency} className={card("w-full text-sm")}>
            <caption className="px-3 pt-3 text-left text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">{a.currency} · {t("frontOrders", { count: f.number(a.frontOrders) })}<AssumedCurrencyTag currency={a.currency} assumed={assumed} /></caption>
            <tbody>
              {a.rates.map((r) => (
                <tr key={r.type} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="px-3 py-2 text-left font-medium">{label("purchaseType", r.type)}</th>
                  <td className="px-3 py-2 text-right tabular-nums">{t("orders", { count: f.number(r.orders) })}</td>
                  <td data-testid={`attach-${a.currency}-${r.type}`} className="px-3 py-2 text-right tabular-nums">{r.rate === null ? "—" : f.percent(r.rate, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
