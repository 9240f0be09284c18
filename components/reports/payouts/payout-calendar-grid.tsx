"use client";

import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/use-formats";
import type { PayoutCurrency, PayoutDay, PayoutsView } from "@/lib/reports/payouts-view";
import { leadingBlanks, monthLabel, weekdayNames } from "./payout-format";

type Cell = PayoutDay | null;

function weeksOf(days: readonly PayoutDay[]): Cell[][] {
  const cells: Cell[] = [...Array<null>(leadingBlanks(days[0]!.day)).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** The month as a Monday-first calendar of the money expected to stay each day; from sm up (a phone reads the day table). */
export function PayoutCalendarGrid({ view, currency: c }: { view: PayoutsView; currency: PayoutCurrency }) {
  const t = useTranslations("payouts");
  const f = useFormats();
  const names = weekdayNames(f.locale);
  return (
    <table className="hidden w-full table-fixed border-collapse text-xs sm:table" data-testid="payouts-calendar">
      <caption className="sr-only">{t("calendar.caption", { month: monthLabel(view.month, f.locale), currency: c.currency.toUpperCase() })}</caption>
      <thead>
        <tr>{names.map((name) => <th key={name} scope="col" className="pb-1 text-center font-medium text-zinc-600 dark:text-zinc-400">{name}</th>)}</tr>
      </thead>
      <tbody>
        {weeksOf(c.days).map((week, w) => (
          <tr key={w}>
            {week.map((d, i) => {
              if (!d) return <td key={i} className="border border-zinc-100 dark:border-zinc-900" />;
              const isToday = d.day === view.today;
              const past = d.day < view.today;
              return (
                <td key={d.day} data-testid="payouts-cell" data-day={d.day} className={`h-20 border border-zinc-200 p-1.5 align-top dark:border-zinc-800 ${isToday ? "bg-sky-50 ring-2 ring-inset ring-sky-600 dark:bg-sky-950" : past ? "bg-zinc-50 dark:bg-zinc-900" : ""}`}>
                  <div className="flex justify-between text-zinc-600 dark:text-zinc-400">
                    <span className="font-medium">{Number(d.day.slice(8))}</span>
                    {isToday ? <span className="font-semibold text-sky-800 dark:text-sky-300">{t("calendar.today")}</span> : past && d.sales > 0 ? <span>{t("calendar.available")}</span> : null}
                  </div>
                  {d.sales > 0 ? (
                    <>
                      <div className="mt-1 truncate text-sm font-semibold tabular-nums" data-testid="payouts-cell-expected" title={f.money(d.expected, c.currency)}>{f.compactMoney(d.expected, c.currency)}</div>
                      {d.low !== null && d.high !== null && d.expectedLoss > 0 && <div className="truncate tabular-nums text-zinc-600 dark:text-zinc-400">{f.compactMoney(d.low, c.currency)}–{f.compactMoney(d.high, c.currency)}</div>}
                    </>
                  ) : (
                    <div className="mt-1 text-zinc-500 dark:text-zinc-400">{t("calendar.nothing")}</div>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
