"use client";

import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/use-formats";
import type { PayoutCurrency, PayoutsView } from "@/lib/reports/payouts-view";
import { PayoutCalendarGrid } from "./payout-calendar-grid";
import { PayoutDaysTable } from "./payout-days-table";
import { NoExpectation } from "./payout-no-expectation";

const figure = "rounded-lg border border-zinc-200 p-3 dark:border-zinc-800";

/** One currency's month: its totals, the calendar (wide screens) and the day-by-day table. */
export function PayoutCurrencySection({ view, currency: c }: { view: PayoutsView; currency: PayoutCurrency }) {
  const t = useTranslations("payouts");
  const f = useFormats();
  const money = (amount: number) => f.money(amount, c.currency);
  // The back-test's error next to the calendar it qualifies (the months themselves are below).
  const backtest = view.backtest.errors.find((e) => e.currency === c.currency);
  const band = c.totals.low !== null && c.totals.high !== null
    ? t("totals.band", { low: money(c.totals.low), high: money(c.totals.high) })
    : c.expectation === "applied" ? t("totals.monthNoBand", { months: c.bands.months, min: view.model.minBandMonths }) : t("totals.noExpectationBand");
  const thisMonth = view.today.slice(0, 7);
  return (
    <section className="space-y-3" data-testid={`payouts-${c.currency}`} aria-labelledby={`payouts-${c.currency}-title`}>
      <h2 id={`payouts-${c.currency}-title`} className="text-lg font-semibold">{t("inCurrency", { currency: c.currency.toUpperCase() })}</h2>
      <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-5">
        <div className={figure}><dt className="text-zinc-600 dark:text-zinc-400">{t("totals.scheduled")}</dt><dd className="text-base font-semibold tabular-nums" data-testid="payouts-total-scheduled">{money(c.totals.scheduled)}</dd><dd className="text-xs text-zinc-600 dark:text-zinc-400">{t("totals.sales", { count: c.totals.sales })}</dd></div>
        <div className={figure}><dt className="text-zinc-600 dark:text-zinc-400">{t("totals.lost")}</dt><dd className="text-base font-semibold tabular-nums" data-testid="payouts-total-lost">{money(c.totals.lost)}</dd></div>
        <div className={figure}><dt className="text-zinc-600 dark:text-zinc-400">{t("totals.expectedLoss")}</dt><dd className="text-base font-semibold tabular-nums" data-testid="payouts-total-expected-loss">{money(c.totals.expectedLoss)}</dd></div>
        <div className={`${figure} col-span-2 lg:col-span-1`}><dt className="text-zinc-600 dark:text-zinc-400">{t("totals.expected")}</dt><dd className="text-base font-semibold tabular-nums" data-testid="payouts-total-expected">{money(c.totals.expected)}</dd><dd className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="payouts-total-band">{band}</dd></div>
        {view.month <= thisMonth && (
          <div className={`${figure} col-span-2 lg:col-span-1`}><dt className="text-zinc-600 dark:text-zinc-400">{t(view.month < thisMonth ? "totals.availableAll" : "totals.availableSoFar")}</dt><dd className="text-base font-semibold tabular-nums" data-testid="payouts-available-so-far">{money(c.availableSoFar)}</dd></div>
        )}
      </dl>
      {(c.expectation === "notBetter" || c.expectation === "untested") && (
        <p role="note" className="text-sm text-amber-900 dark:text-amber-200" data-testid="payouts-no-expectation"><NoExpectation view={view} currency={c} /></p>
      )}
      {backtest && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="payouts-currency-backtest">
          <a className="underline" href="#payouts-backtest-title">{t("backtest.title")}</a>: {t("backtest.short", { error: f.percent(backtest.meanAbsError, 1), months: backtest.months, naive: f.percent(backtest.naiveMeanAbsError, 1) })}
        </p>
      )}
      <PayoutCalendarGrid view={view} currency={c} />
      <PayoutDaysTable view={view} currency={c} />
    </section>
  );
}
