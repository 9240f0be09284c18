"use client";

import { useTranslations } from "next-intl";
import { useCurrencyName } from "@/components/i18n/use-currency-name";
import { BreakdownBarChart } from "@/components/charts/breakdown-bar-chart";
import { RevenueOverTimeChart } from "@/components/charts/revenue-over-time-chart";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { exportHref } from "@/lib/reports/report-definitions";
import { EmptyPeriod } from "@/components/reports/empty-period";
import { KpiGrid } from "@/components/reports/kpi-grid";
import { panelCsvHref, PanelLinksScope, type ReportPanelsProps } from "@/components/reports/panel-links";
import { QualityBanner } from "@/components/reports/quality-banner";
import { labelledRows } from "@/lib/i18n/code-labels";
import { showsEmptyPeriod } from "@/lib/reports/empty-period";
import { deltasArePartial } from "@/lib/reports/report-quality";
import type { RevenueView } from "@/lib/reports/report-views";
import type { SharedRevenueView } from "@/lib/sharing/shared-views";
import { AttachRates } from "./attach-rates";
import { FundsTable } from "./funds-table";
import { PurchasesTable } from "./purchases-table";
import { card } from "@/components/ui/surface";

/** A signed-in report's view, or a shared snapshot's (without the purchases' count: no table there). */
export type RevenuePanelsView = SharedRevenueView & Partial<Pick<RevenueView, "rows">>;

function Csv({ href, className = "text-sm underline" }: { href: string | null; className?: string }) {
  return href ? <a className={className} href={href}>CSV</a> : null;
}

/** The Revenue report's panels for one view: the signed-in report's, and a shared snapshot's. */
export function RevenuePanels({ view, params, query, keyType, links }: ReportPanelsProps<RevenuePanelsView>) {
  const t = useTranslations("revenue");
  const valueLabel = t(keyType === "creator" ? "valueCreator" : "valueAffiliate");
  const label = useCodeLabel();
  const currencyName = useCurrencyName();
  const csv = panelCsvHref("revenue", query, links);
  // A breakdown's id is a dimension the messages word; an unknown one shows as it is.
  const titleOf = (id: string) => (t.has(`by.${id}` as "by.product") ? t(`by.${id}` as "by.product") : id);
  if (showsEmptyPeriod(view)) return <EmptyPeriod params={params} what="sales" offerWider={!links.shared} />;
  return (
    <PanelLinksScope report="revenue" query={query} links={links}>
      <div className="space-y-6">
        <QualityBanner quality={view.quality} comparison={view.comparison} />
        <section aria-labelledby="kpi-title" className="space-y-2">
          <div className="flex items-center justify-between">
            <h2 id="kpi-title" className="text-lg font-semibold">{t(view.quality.complete ? "keyFigures" : "keyFiguresIncomplete")}</h2>
            <Csv href={csv("kpis")} />
          </div>
          <KpiGrid kpis={view.kpis} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} comparisonDataFrom={view.comparisonDataFrom} />
        </section>
        <section aria-labelledby="series-title" className="space-y-2">
          <div className="flex items-center justify-between">
            <h2 id="series-title" className="text-lg font-semibold">{t("overTime", { value: valueLabel })}</h2>
            <Csv href={csv("series")} />
          </div>
          {view.series.map((s) => (
            <div key={s.currency}>
              <h3 className="text-sm font-semibold uppercase text-zinc-600 dark:text-zinc-400">{s.currency}<AssumedCurrencyTag currency={s.currency} assumed={view.quality.assumedCurrency} /></h3>
              <RevenueOverTimeChart currency={s.currency} points={s.points} valueLabel={valueLabel} withComparison={view.comparison !== null} granularity={params.granularity} timeZone={params.tz} />
            </div>
          ))}
        </section>
        <section aria-labelledby="breakdowns-title" className="space-y-2">
          <h2 id="breakdowns-title" className="text-lg font-semibold">{t("whereFrom")}</h2>
          <div className="grid gap-6 lg:grid-cols-2">
            {view.breakdowns.map((b) => (
              <div key={`${b.id}-${b.currency}`} className={card("p-4")}>
                <div className="flex items-center justify-between">
                  <h3 className="text-sm font-semibold">{titleOf(b.id)} · {currencyName(b.currency)}<AssumedCurrencyTag currency={b.currency} assumed={view.quality.assumedCurrency} /></h3>
                  <Csv href={csv(`breakdown-${b.id}`)} className="text-xs underline" />
                </div>
                <BreakdownBarChart rows={labelledRows(b.rows, b.id, label)} currency={b.currency} title={titleOf(b.id)} />
              </div>
            ))}
          </div>
        </section>
        {keyType === "creator" && <AttachRates attach={view.attach} csvHref={csv("attach-rates")} assumed={view.quality.assumedCurrency} />}
        <FundsTable funds={view.funds} label={t(keyType === "creator" ? "funds.titleCreator" : "funds.titleAffiliate")} weeks={view.fundsWeeks} csvHref={csv("funds")} assumed={view.quality.assumedCurrency} />
        {/* One purchase per row, customers' details on request: never in a shared snapshot. */}
        {!links.shared && view.rows && <PurchasesTable query={query} total={view.rows.total} valueLabel={valueLabel} csvHref={exportHref("revenue", "purchases", query)} />}
      </div>
    </PanelLinksScope>
  );
}
