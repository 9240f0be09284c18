"use client";

import { useTranslations } from "next-intl";
import { ChargebackRule } from "@/components/reports/chargeback-rule";
import { useFormats } from "@/components/i18n/use-formats";
import { BACKTEST_WARMUP_DAYS } from "@/lib/analytics/payout-backtest";
import type { PayoutsView } from "@/lib/reports/payouts-view";
import { NoExpectation } from "./payout-no-expectation";
import { monthLabel } from "./payout-format";
import { frame } from "@/components/ui/surface";
import { ScrollRegion } from "@/components/ui/scroll-region";

const box = frame("space-y-2 p-4 text-sm");

/** The method, written out with the account's own figures, so the expectation can be checked. */
export function PayoutMethod({ view }: { view: PayoutsView }) {
  const t = useTranslations("payouts.method");
  const f = useFormats();
  const m = view.model;
  const days = Math.round((Date.parse(m.history.to) - Date.parse(m.history.from)) / 86_400_000);
  const what = t(`what.${m.unavailable.length > 1 ? "both" : (m.unavailable[0] ?? "refunds")}`);
  return (
    <section className={box} data-testid="payouts-method" aria-labelledby="payouts-method-title">
      <h2 id="payouts-method-title" className="text-base font-semibold">{t("title")}</h2>
      <p>{t("lead", { days, from: f.day(m.history.from), to: f.day(m.history.to) })}</p>
      {m.applied ? (
        <>
          <p>{t("curve", { sales: f.number(m.matureSales), horizon: m.horizonDays, refund: f.percent(m.refundShare, 1), chargeback: f.percent(m.chargebackShare, 1) })}</p>
          <p>{t("apply", { horizon: m.horizonDays })}</p>
          <p>{t("products", { count: m.productCurves, min: m.minProductSales })}</p>
          {view.currencies.map((c) => (
            <p key={c.currency} data-testid={`payouts-band-method-${c.currency}`}>
              {c.expectation !== "applied"
                ? <NoExpectation view={view} currency={c} />
                : c.bands.day
                  ? t("band", { currency: c.currency.toUpperCase(), days: f.number(c.bands.days), low: f.number(c.bands.day.low, 2), high: f.number(c.bands.day.high, 2) })
                  : t("noBand", { currency: c.currency.toUpperCase(), days: c.bands.days, min: m.minBandDays })}
            </p>
          ))}
        </>
      ) : (
        <p role="note" data-testid="payouts-not-applied">{t("notApplied", { sales: f.number(m.matureSales), horizon: m.horizonDays, min: m.minMatureSales })}</p>
      )}
      <ChargebackRule money />
      <p>{t("disputes")}</p>
      {m.unavailable.length > 0 && <p role="note" data-testid="payouts-unavailable">{t("unavailable", { what })}</p>}
      {(["refunds", "chargebacks"] as const).filter((k) => m.unusable[k] > 0).map((k) => <p key={k} role="note" data-testid={`payouts-unusable-${k}`}>{t("unusable", { count: m.unusable[k], kind: t(`kind.${k}`) })}</p>)}
      {view.unscheduled > 0 && <p>{t("unscheduled", { count: view.unscheduled })}</p>}
    </section>
  );
}

/** The back-test: each past month's prediction against what its sales kept, per currency. */
export function PayoutBacktest({ view, csvHref }: { view: PayoutsView; csvHref: string | null }) {
  const t = useTranslations("payouts.backtest");
  const f = useFormats();
  const { months, errors } = view.backtest;
  const horizon = view.model.horizonDays;
  return (
    <section className={box} data-testid="payouts-backtest" aria-labelledby="payouts-backtest-title">
      <h2 id="payouts-backtest-title" className="text-base font-semibold">
        {t("title")} {csvHref && <a className="ml-2 text-xs font-medium underline underline-offset-2" href={csvHref} data-testid="payouts-backtest-csv">{t("csv")}</a>}
      </h2>
      <p>{t("lead", { horizon })}</p>
      {errors.length === 0 && <p>{t("none", { warmup: BACKTEST_WARMUP_DAYS, horizon })}</p>}
      {errors.map((e) => {
        const rows = months.filter((m) => m.currency === e.currency);
        return (
          <div key={e.currency} className="space-y-1" data-testid={`payouts-backtest-${e.currency}`}>
            <p className="font-medium" data-testid="payouts-backtest-error">
              {e.currency.toUpperCase()}: {t("error", { error: f.percent(e.meanAbsError, 1), months: e.months, bias: `${e.bias >= 0 ? "+" : ""}${f.percent(e.bias, 1)}`, naive: f.percent(e.naiveMeanAbsError, 1) })}
              {e.lossRatio !== null && <> {t("losses", { ratio: f.percent(e.lossRatio, 0) })}</>}
            </p>
            <ScrollRegion label={t("caption", { currency: e.currency.toUpperCase() })}>
              <table className="w-full text-sm">
                <caption className="sr-only">{t("caption", { currency: e.currency.toUpperCase() })}</caption>
                <thead className="text-zinc-600 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="px-2 py-1 text-left font-medium">{t("month")}</th>
                    <th scope="col" className="px-2 py-1 text-right font-medium">{t("sales")}</th>
                    <th scope="col" className="px-2 py-1 text-right font-medium">{t("predicted")}</th>
                    <th scope="col" className="px-2 py-1 text-right font-medium">{t("actual")}</th>
                    <th scope="col" className="px-2 py-1 text-right font-medium">{t("errorColumn")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((m) => (
                    <tr key={m.month} data-testid="payouts-backtest-month" data-month={m.month} className="border-t border-zinc-100 dark:border-zinc-800">
                      <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal">{monthLabel(m.month, f.locale)}</th>
                      <td className="px-2 py-1 text-right tabular-nums">{f.number(m.sales)}</td>
                      <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{f.money(m.predicted, m.currency)}</td>
                      <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{f.money(m.actual, m.currency)}</td>
                      <td className="px-2 py-1 text-right tabular-nums">{m.error === null ? "—" : f.percent(m.error, 1)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </div>
        );
      })}
    </section>
  );
}
