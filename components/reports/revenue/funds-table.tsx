"use client";

import { useTranslations } from "next-intl";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { useFormats } from "@/components/i18n/use-formats";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { ALREADY_AVAILABLE } from "@/lib/analytics/funds-availability";
import { FUNDS_LATER, type CurrencyFunds } from "@/lib/reports/revenue-view";
import { card } from "@/components/ui/surface";

// Money becoming available (incomingAvailableAt), week by week.
export function FundsTable({ funds, label, weeks, csvHref, assumed = null }: { funds: CurrencyFunds[]; label: string; weeks: number; csvHref: string | null; assumed?: CurrencyAssumption | null }) {
  const t = useTranslations("revenue.funds");
  const f = useFormats();
  const rowName = (week: string) => (week === ALREADY_AVAILABLE ? t("available") : week === FUNDS_LATER ? t("later", { weeks: f.number(weeks) }) : t("weekOf", { day: f.day(week) }));
  return (
    <section aria-labelledby="funds-title" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id="funds-title" className="text-lg font-semibold">{label}</h2>
        {csvHref && <a className="text-sm underline" href={csvHref}>CSV</a>}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {funds.map((c) => (
          <table key={c.currency} className={card("w-full text-sm")}>
            <caption className="px-3 pt-3 text-left text-xs font-semibold uppercase text-zinc-600 dark:text-zinc-400">{c.currency}<AssumedCurrencyTag currency={c.currency} assumed={assumed} /></caption>
            <tbody>
              {c.weeks.map((w) => (
                <tr key={w.week} className="border-t border-zinc-100 dark:border-zinc-800" data-testid={`funds-${c.currency}-${w.week}`}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">{rowName(w.week)}</th>
                  <td className="px-3 py-2 text-right tabular-nums">{f.money(w.amount, c.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
