"use client";

import { useTranslations } from "next-intl";
import { RevenueOverTimeChart } from "@/components/charts/revenue-over-time-chart";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { useFormats } from "@/components/i18n/use-formats";
import { CsvLink } from "@/components/reports/csv-link";
import { EmptyPeriod } from "@/components/reports/empty-period";
import { KpiGrid } from "@/components/reports/kpi-grid";
import { OrdersTable } from "@/components/reports/orders-table";
import { PanelLinksScope, type ReportPanelsProps } from "@/components/reports/panel-links";
import { QualityBanner } from "@/components/reports/quality-banner";
import type { CodeDimension, NamedDimension } from "@/lib/i18n/code-labels";
import { showsEmptyPeriod } from "@/lib/reports/empty-period";
import { deltasArePartial } from "@/lib/reports/report-quality";
import type { OrdersView } from "@/lib/reports/report-views";
import type { SharedOrdersView } from "@/lib/sharing/shared-views";
import { exportHref } from "@/lib/reports/report-definitions";
import { card } from "@/components/ui/surface";

/** A signed-in report's view, or a shared snapshot's (without the totals that count the table's rows: no table there). */
export type OrdersPanelsView = SharedOrdersView & Partial<Pick<OrdersView, "totals">>;

function Counts({ title, rows, testId, dataset, dimension }: { title: string; rows: Array<{ key: string; count: number }>; testId: string; dataset: string; dimension: CodeDimension | NamedDimension }) {
  const label = useCodeLabel();
  const t = useTranslations("orders");
  const f = useFormats();
  return (
    <div className={card("p-4")}>
      <h3 className="text-sm font-semibold">{title} <CsvLink dataset={dataset} /></h3>
      <ul className="mt-2 space-y-1 text-sm" data-testid={testId}>
        {rows.map((r) => (
          <li key={r.key} className="flex justify-between gap-4"><span>{label(dimension, r.key)}</span><span className="tabular-nums">{f.number(r.count)}</span></li>
        ))}
        {rows.length === 0 && <li className="text-zinc-600 dark:text-zinc-400">{t("noneInRange")}</li>}
      </ul>
    </div>
  );
}

/** The Orders report's panels for one view: the signed-in report's, and a shared snapshot's. */
export function OrdersPanels({ view, params, query, links }: ReportPanelsProps<OrdersPanelsView>) {
  const { fulfilment: f } = view;
  const t = useTranslations("numbers");
  const o = useTranslations("orders");
  const formats = useFormats();
  const days = (value: number | null) => (value === null ? "—" : o("days", { days: value }));
  if (showsEmptyPeriod(view)) return <EmptyPeriod params={params} what="orders" offerWider={!links.shared} />;
  return (
    <PanelLinksScope report="orders" query={query} links={links}>
      <section aria-label={o("regionLabel")} className="space-y-8">
        <QualityBanner quality={view.quality} comparison={view.comparison} />
        <section aria-labelledby="orders-kpis" className="space-y-2">
          <h2 id="orders-kpis" className="text-lg font-semibold">{o("keyFigures")} <CsvLink dataset="kpis" /></h2>
          <KpiGrid kpis={view.kpis} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} comparisonDataFrom={view.comparisonDataFrom} testIdPrefix="orders" />
        </section>
        {view.series.map((s) => {
          // Orders are counted, and their money is a chart of its own: one axis per unit.
          const points = s.points.map((p) => ({ ...p, previousAmount: null, previousBucket: null }));
          return (
            <div key={s.currency} className="space-y-2" data-testid={`orders-series-${s.currency}`}>
              <h2 className="text-lg font-semibold">{t("ordersOverTime", { currency: s.currency.toUpperCase() })} <CsvLink dataset="series" /></h2>
              <RevenueOverTimeChart currency={s.currency} points={points} valueLabel={t("orders")} withComparison={false} granularity={params.granularity} timeZone={params.tz} measure="count" />
              <h3 className="text-sm font-semibold">{t("orderAmountOverTime", { currency: s.currency.toUpperCase() })}</h3>
              <RevenueOverTimeChart currency={s.currency} points={points} valueLabel={t("orderAmount")} withComparison={false} granularity={params.granularity} timeZone={params.tz} />
            </div>
          );
        })}
        <div>
          <h2 className="text-lg font-semibold">{o("fulfilment")}</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{o("withoutShipping", { count: formats.number(f.withoutShipping) })}</p>
          <div className="mt-3 grid gap-4 md:grid-cols-3">
            <Counts title={o("byMilestone")} rows={f.byMilestone} testId="by-milestone" dataset="milestones" dimension="milestone" />
            <Counts title={o("byCarrier")} rows={f.byCarrier} testId="by-carrier" dataset="carriers" dimension="carrier" />
            <Counts title={o("bySupplier")} rows={f.bySupplier} testId="by-supplier" dataset="suppliers" dimension="supplier" />
          </div>
          <div className={card("mt-4 p-4 text-sm")}>
            <h3 className="font-semibold">{o("deliveryTitle")} <CsvLink dataset="delivery-times" /></h3>
            <p className="mt-1" data-testid="delivery-times">
              {o("deliverySummary", { delivered: formats.number(f.deliveryTimes.delivered), median: days(f.deliveryTimes.medianDays), p90: days(f.deliveryTimes.p90Days) })}
            </p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {f.deliveryTimes.histogram.map((b) => <li key={b.key} className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">{o(`deliveryBucket.${b.id}`)}: <span className="tabular-nums">{formats.number(b.count)}</span></li>)}
            </ul>
          </div>
        </div>
        {/* One order per row, customers' details on request: never in a shared snapshot. */}
        {!links.shared && view.totals && <OrdersTable query={query} total={view.totals.reduce((n, t) => n + t.count, 0)} csvHref={exportHref("orders", "orders", query)} />}
      </section>
    </PanelLinksScope>
  );
}
