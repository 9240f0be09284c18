"use client";

import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/use-formats";
import type { PayoutCurrency, PayoutsView } from "@/lib/reports/payouts-view";
import { monthLabel } from "./payout-format";
import { ScrollRegion } from "@/components/ui/scroll-region";

const th = "px-2 py-1.5 text-right font-medium whitespace-nowrap";
const td = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap";

/** Every day with money, with the figures behind its expectation: the calendar's exact numbers, and a phone's view of the month. */
export function PayoutDaysTable({ view, currency: c }: { view: PayoutsView; currency: PayoutCurrency }) {
  const t = useTranslations("payouts");
  const f = useFormats();
  const money = (amount: number) => f.money(amount, c.currency);
  const days = c.days.filter((d) => d.sales > 0);
  return (
    <details className="group rounded-lg border border-zinc-200 dark:border-zinc-800 sm:open:pb-2" open>
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">{t("days.title")}</summary>
      <ScrollRegion label={t("days.caption", { month: monthLabel(view.month, f.locale), currency: c.currency.toUpperCase() })}>
        <table className="w-full text-sm" data-testid="payouts-days">
          <caption className="sr-only">{t("days.caption", { month: monthLabel(view.month, f.locale), currency: c.currency.toUpperCase() })}</caption>
          <thead className="text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col" className={`${th} text-left`}>{t("days.day")}</th>
              <th scope="col" className={`${th} text-left`}>{t("days.status")}</th>
              <th scope="col" className={th}>{t("days.sales")}</th>
              <th scope="col" className={th}>{t("days.scheduled")}</th>
              <th scope="col" className={th}>{t("days.lost")}</th>
              <th scope="col" className={th}>{t("days.expectedLoss")}</th>
              <th scope="col" className={th}>{t("days.expected")}</th>
              <th scope="col" className={th}>{t("days.band")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} data-testid="payouts-day" data-day={d.day} className="border-t border-zinc-100 dark:border-zinc-800">
                <th scope="row" className={`${th} text-left`}>{f.day(d.day)}</th>
                <td className={`${td} text-left`}>{t(d.day < view.today ? "days.past" : d.day === view.today ? "days.todayStatus" : "days.future")}</td>
                <td className={td} data-col="sales">{f.number(d.sales)}</td>
                <td className={td} data-col="scheduled">{money(d.scheduled)}</td>
                <td className={td} data-col="lost">{money(d.lost)}</td>
                <td className={td} data-col="expectedLoss">{money(d.expectedLoss)}</td>
                <td className={`${td} font-semibold`} data-col="expected">{money(d.expected)}</td>
                <td className={td} data-col="band">{d.low !== null && d.high !== null ? `${money(d.low)} – ${money(d.high)}` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}
