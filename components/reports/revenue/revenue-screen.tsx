"use client";

import { BreakdownBarChart } from "@/components/charts/breakdown-bar-chart";
import { RevenueOverTimeChart } from "@/components/charts/revenue-over-time-chart";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { CsvIncompleteNote } from "@/components/reports/csv-incomplete-note";
import { KpiGrid } from "@/components/reports/kpi-grid";
import { EmptyPeriod } from "@/components/reports/empty-period";
import { showsEmptyPeriod } from "@/lib/reports/empty-period";
import { QualityBanner } from "@/components/reports/quality-banner";
import { ReportScreen } from "@/components/reports/report-screen";
import { useTranslations } from "next-intl";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { labelledRows } from "@/lib/i18n/code-labels";
import { deltasArePartial } from "@/lib/reports/report-quality";
import type { RevenueView } from "@/lib/reports/revenue-view";
import type { KeyType } from "@/lib/auth/session-decision";
import { AttachRates } from "./attach-rates";
import { FundsTable } from "./funds-table";
import { PurchasesTable } from "./purchases-table";

const exportHref = (dataset: string, query: string) => `/api/export/revenue/${dataset}?${query}`;

export function RevenueScreen({ keyType, accountLabel }: { keyType: KeyType; accountLabel: string }) {
  const t = useTranslations("revenue");
  const valueLabel = t(keyType === "creator" ? "valueCreator" : "valueAffiliate");
  const label = useCodeLabel();
  // A breakdown's id is a dimension the messages word; an unknown one shows as it is.
  const titleOf = (id: string) => (t.has(`by.${id}` as "by.product") ? t(`by.${id}` as "by.product") : id);
  return (
    <div data-account={accountLabel}>
      <ReportScreen<RevenueView>
        id="revenue"
        title={t(keyType === "creator" ? "titleCreator" : "titleAffiliate")}
        basis={t("basis")}
        choices={(view) => ({ currencies: view?.currencies ?? [], filterOptions: view?.filterOptions ?? {} })}
        hiddenFilters={keyType === "affiliate" ? ["affiliate"] : []}
        downloads={(query, view) => (
          <>
            <a className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-zinc-300 hover:bg-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800" href={exportHref("all", query)}>
              {t("downloadAll")}
            </a>
            {view && <CsvIncompleteNote quality={view.quality} comparisonFiles="key figures and over-time" />}
          </>
        )}
      >
        {(view, { params, query }) => {
          const currencies = params.currency ? view.currencies.filter((c) => c === params.currency) : view.currencies;
          if (showsEmptyPeriod(view)) return <EmptyPeriod params={params} what="sales" />;
          return (
            <div className="space-y-6">
              <QualityBanner quality={view.quality} comparison={view.comparison} />
              <section aria-labelledby="kpi-title" className="space-y-2">
                <div className="flex items-center justify-between">
                  <h2 id="kpi-title" className="text-lg font-semibold">{t(view.quality.complete ? "keyFigures" : "keyFiguresIncomplete")}</h2>
                  <a className="text-sm underline" href={exportHref("kpis", query)}>CSV</a>
                </div>
                <KpiGrid kpis={view.kpis.filter((k) => currencies.includes(k.currency))} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} comparisonDataFrom={view.comparisonDataFrom} />
              </section>
              <section aria-labelledby="series-title" className="space-y-2">
                <div className="flex items-center justify-between">
                  <h2 id="series-title" className="text-lg font-semibold">{t("overTime", { value: valueLabel })}</h2>
                  <a className="text-sm underline" href={exportHref("series", query)}>CSV</a>
                </div>
                {view.series.filter((s) => currencies.includes(s.currency)).map((s) => (
                  <div key={s.currency}>
                    <h3 className="text-sm font-semibold uppercase text-zinc-600 dark:text-zinc-400">{s.currency}<AssumedCurrencyTag currency={s.currency} assumed={view.quality.assumedCurrency} /></h3>
                    <RevenueOverTimeChart currency={s.currency} points={s.points} valueLabel={valueLabel} withComparison={view.comparison !== null} granularity={params.granularity} timeZone={params.tz} />
                  </div>
                ))}
              </section>
              <section aria-labelledby="breakdowns-title" className="space-y-2">
                <h2 id="breakdowns-title" className="text-lg font-semibold">{t("whereFrom")}</h2>
                <div className="grid gap-6 lg:grid-cols-2">
                  {view.breakdowns.filter((b) => currencies.includes(b.currency)).map((b) => (
                    <div key={`${b.id}-${b.currency}`} className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
                      <div className="flex items-center justify-between">
                        <h3 className="text-sm font-semibold">{titleOf(b.id)} · {b.currency.toUpperCase()}<AssumedCurrencyTag currency={b.currency} assumed={view.quality.assumedCurrency} /></h3>
                        <a className="text-xs underline" href={exportHref(`breakdown-${b.id}`, query)}>CSV</a>
                      </div>
                      <BreakdownBarChart rows={labelledRows(b.rows, b.id, label)} currency={b.currency} title={titleOf(b.id)} />
                    </div>
                  ))}
                </div>
              </section>
              {keyType === "creator" && <AttachRates attach={view.attach.filter((a) => currencies.includes(a.currency))} csvHref={exportHref("attach-rates", query)} assumed={view.quality.assumedCurrency} />}
              <FundsTable funds={view.funds.filter((f) => currencies.includes(f.currency))} label={t(keyType === "creator" ? "funds.titleCreator" : "funds.titleAffiliate")} weeks={view.fundsWeeks} csvHref={exportHref("funds", query)} assumed={view.quality.assumedCurrency} />
              <PurchasesTable query={query} total={view.rows.total} valueLabel={valueLabel} csvHref={exportHref("purchases", query)} />
            </div>
          );
        }}
      </ReportScreen>
    </div>
  );
}
