"use client";

import { useTranslations } from "next-intl";
import { RevenueOverTimeChart } from "@/components/charts/revenue-over-time-chart";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { CsvLink } from "@/components/reports/csv-link";
import { EmptyPeriod } from "@/components/reports/empty-period";
import { PanelLinksScope, type ReportPanelsProps } from "@/components/reports/panel-links";
import { QualityBanner } from "@/components/reports/quality-banner";
import { ALL_CHECKOUTS, PURCHASED_NOT_APPLICABLE } from "@/lib/analytics/abandonment-funnel";
import { NONE } from "@/lib/analytics/dimensions";
import { categoryLabel, type CategoryLabel, type CodeDimension, type NamedDimension } from "@/lib/i18n/code-labels";
import { showsEmptyPeriod } from "@/lib/reports/empty-period";
import { deltasArePartial } from "@/lib/reports/report-quality";
import type { AbandonmentView } from "@/lib/reports/report-views";
import type { SharedAbandonmentView } from "@/lib/sharing/shared-views";
import { AbandonmentKpis } from "./abandonment-kpis";
import { CartsTable } from "./carts-table";
import { DeclinesPanel } from "./declines-panel";
import { FunnelTable } from "./funnel-table";
import { RecoveryPanel } from "./recovery-panel";
import { WherePanel } from "./where-panel";
import { useCurrencyName } from "@/components/i18n/use-currency-name";
import { exportHref } from "@/lib/reports/report-definitions";

/** A signed-in report's view, or a shared snapshot's (without the carts' count: no table there). */
export type AbandonmentPanelsView = SharedAbandonmentView & Partial<Pick<AbandonmentView, "totalCarts">>;

/** The Abandonment report's panels for one view: the signed-in report's, and a shared snapshot's. */
export function AbandonmentPanels({ view, params, query, links }: ReportPanelsProps<AbandonmentPanelsView>) {
  const t = useTranslations("abandonment");
  const currencyName = useCurrencyName();
  const label = useCodeLabel();
  if (showsEmptyPeriod(view)) return <EmptyPeriod params={params} what="checkouts" offerWider={!links.shared} />;
  const offerNames = new Map(view.byOffer.map((r) => [r.key, r.label]));
  // A funnel's groups: every checkout, the purchased group named as its notes name it, or the codes of a dimension.
  const groupLabel = (dimension: CodeDimension | NamedDimension | null) => (key: string): CategoryLabel => {
    if (key === ALL_CHECKOUTS) return { label: t("funnel.all") };
    if (key === PURCHASED_NOT_APPLICABLE) return { label: t("funnel.purchasedGroup") };
    if (dimension === null) return { label: key === NONE ? t("funnel.groupNone") : key };
    return categoryLabel(label, dimension, key, offerNames.get(key));
  };
  return (
    <PanelLinksScope report="abandonment" query={query} links={links}>
      <div className="space-y-8">
        <QualityBanner quality={view.quality} comparison={view.comparison} />
        <AbandonmentKpis kpis={view.kpis} comparisonDataFrom={view.comparisonDataFrom} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} />
        <section aria-labelledby="ab-over-time" className="space-y-2">
          <h2 id="ab-over-time" className="text-lg font-semibold">{t("overTime")} <CsvLink dataset="series" /></h2>
          {view.series.map((s) => (
            <RevenueOverTimeChart key={s.currency} currency={s.currency} points={s.points.map((p) => ({ ...p, previousAmount: null, previousBucket: null }))} valueLabel={t("abandonedIn", { currency: currencyName(s.currency) })} withComparison={false} granularity={params.granularity} timeZone={params.tz} />
          ))}
        </section>
        <section aria-labelledby="ab-funnel" className="space-y-3">
          <h2 id="ab-funnel" className="text-lg font-semibold">{t("funnel.title")}</h2>
          <FunnelTable title={t("funnel.all")} funnel={view.funnel} testId="funnel" groupLabel={groupLabel(null)} />
          <FunnelTable title={t("funnel.byOffer")} funnel={view.funnelByOffer} testId="funnel-offer" groupLabel={groupLabel("offer")} />
          <div className="grid gap-4 lg:grid-cols-2">
            <FunnelTable title={t("funnel.byVersion")} funnel={view.funnelByVersion} testId="funnel-version" groupLabel={groupLabel(null)} />
            <FunnelTable title={t("funnel.byMode")} funnel={view.funnelByMode} testId="funnel-mode" groupLabel={groupLabel("sessionMode")} />
          </div>
        </section>
        <DeclinesPanel view={view} />
        <WherePanel view={view} />
        <RecoveryPanel recovery={view.recovery} />
        <section aria-labelledby="ab-recovered-time" className="space-y-2">
          <h2 id="ab-recovered-time" className="text-lg font-semibold">{t("recoveredOverTime")} <CsvLink dataset="recovered-series" /></h2>
          {view.recoveredSeries.map((s) => (
            <RevenueOverTimeChart key={s.currency} currency={s.currency} points={s.points.map((p) => ({ ...p, previousAmount: null, previousBucket: null }))} valueLabel={t("recoveredIn", { currency: currencyName(s.currency) })} withComparison={false} granularity={params.granularity} timeZone={params.tz} />
          ))}
        </section>
        {/* One cart per row, customers' details on request: never in a shared snapshot. */}
        {!links.shared && view.totalCarts !== undefined && <CartsTable query={query} total={view.totalCarts} csvHref={exportHref("abandonment", "carts", query)} />}
      </div>
    </PanelLinksScope>
  );
}
