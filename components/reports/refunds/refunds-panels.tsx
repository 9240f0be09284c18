"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ChargebackRule } from "@/components/reports/chargeback-rule";
import { BreakdownBarChart } from "@/components/charts/breakdown-bar-chart";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { useFormats } from "@/components/i18n/use-formats";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { CsvLink } from "@/components/reports/csv-link";
import { EmptyPeriod } from "@/components/reports/empty-period";
import { KpiGrid } from "@/components/reports/kpi-grid";
import { PanelLinksScope, type ReportPanelsProps } from "@/components/reports/panel-links";
import { QualityBanner } from "@/components/reports/quality-banner";
import { labelledRows } from "@/lib/i18n/code-labels";
import { reportQuery } from "@/lib/report-params/parse";
import { showsEmptyPeriod } from "@/lib/reports/empty-period";
import { deltasArePartial } from "@/lib/reports/report-quality";
import type { RefundsView } from "@/lib/reports/report-views";
import type { SharedRefundsView } from "@/lib/sharing/shared-views";
import { DeliveryRefundsPanel } from "./delivery-refunds-panel";
import { RecordsPanel } from "./records-panel";
import { useCurrencyName } from "@/components/i18n/use-currency-name";
import { exportHref } from "@/lib/reports/report-definitions";
import { card, warning } from "@/components/ui/surface";

/** A signed-in report's view, or a shared snapshot's (without the record tables: none there). */
export type RefundsPanelsView = SharedRefundsView & Partial<Pick<RefundsView, "refunds" | "chargebacks">>;

// Chargeback rate against the card networks' thresholds (monitoring programmes start near 0.9%, excessive near 1.5%).
function ChargebackGauge({ rate }: { rate: number | null }) {
  const f = useFormats();
  const width = Math.min(100, ((rate ?? 0) / 0.02) * 100);
  return (
    <div className="relative mt-2 h-2 rounded bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
      <div className="h-2 rounded bg-[var(--chart-2)]" style={{ width: `${width}%` }} />
      <div className="absolute top-[-3px] h-3.5 w-px bg-amber-600" style={{ left: "45%" }} title={f.percent(0.009, 1)} />
      <div className="absolute top-[-3px] h-3.5 w-px bg-red-600" style={{ left: "75%" }} title={f.percent(0.015, 1)} />
    </div>
  );
}

/** The Refunds & chargebacks report's panels for one view: the signed-in report's, and a shared snapshot's. */
export function RefundsPanels({ view, params, query, links }: ReportPanelsProps<RefundsPanelsView>) {
  const other = reportQuery({ ...params, dating: params.dating === "sale" ? "event" : "sale" });
  const creator = view.keyType === "creator";
  const label = useCodeLabel();
  const t = useTranslations("refunds");
  const currencyName = useCurrencyName();
  const f = useFormats();
  // A breakdown's id is a dimension the messages word; an unknown one shows as it is.
  const titleOf = (id: string) => (t.has(`by.${id}` as "by.product") ? t(`by.${id}` as "by.product") : id);
  const missing = view.unavailable.length === 2 ? "both" : (view.unavailable[0] ?? "none");
  if (showsEmptyPeriod(view)) return <EmptyPeriod params={params} what="refunds" offerWider={!links.shared} />;
  return (
    <PanelLinksScope report="refunds" query={query} links={links}>
      <div className="space-y-6 sm:space-y-8">
        <div className={card("p-3 text-sm sm:p-4")} data-testid="dating">
          <p className="font-medium">
            {t(params.dating === "sale" ? "datedBySale" : "datedByRequest")}
            {/* The other dating is another report: a shared snapshot shows its own only. */}
            {!links.shared && <> <Link className="underline" href={`/refunds?${other}`}>{t(params.dating === "sale" ? "dateByRequest" : "dateBySale")}</Link></>}
          </p>
          <p className="mt-1 text-xs text-zinc-600 sm:text-sm dark:text-zinc-400">
            {t("datingExplained")}
          </p>
          {view.unmatched ? <p className="mt-1 text-xs text-amber-800 sm:text-sm dark:text-amber-300" data-testid="unmatched">{t("unmatched", { count: view.unmatched })}</p> : null}
        </div>
        {view.unavailable.length > 0 && (
          <div role="status" data-testid="unavailable" className={warning("p-4 text-sm")}>
            {t("unavailable", { missing })}
          </div>
        )}
        <QualityBanner quality={view.quality} comparison={view.comparison} />
        <section aria-labelledby="rf-kpis" className="space-y-4">
          <h2 id="rf-kpis" className="text-lg font-semibold">{t("keyFigures")}</h2>
          <KpiGrid kpis={view.kpis} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} comparisonDataFrom={view.comparisonDataFrom} testIdPrefix="rf"
            extra={(item) => (item.key === "chargebackRate" ? <ChargebackGauge rate={item.value} /> : null)} />
          {/* Below the figures it explains: on a phone the key figures stay on the first screen. */}
          <ChargebackRule money />
        </section>
        <section aria-labelledby="rf-where" className="space-y-2">
          <h2 id="rf-where" className="text-lg font-semibold">{t(creator ? "whereCreator" : "whereAffiliate")}</h2>
          <div className="grid gap-6 lg:grid-cols-2">
            {view.breakdowns.map((b) => (
              <div key={`${b.id}-${b.currency}`} className={card("p-4")}>
                <h3 className="text-sm font-semibold">{titleOf(b.id)} · {currencyName(b.currency)}<AssumedCurrencyTag currency={b.currency} assumed={view.quality.assumedCurrency} /> <CsvLink dataset={`breakdown-${b.id}`} /></h3>
                <BreakdownBarChart rows={labelledRows(b.rows.map((r) => ({ key: r.key, name: r.label, count: r.count, amount: r.amount, share: r.share ?? 0 })), b.id, label)} currency={b.currency} title={titleOf(b.id)} />
              </div>
            ))}
          </div>
        </section>
        {view.daysToRefund && (
          <section aria-labelledby="rf-days" className="space-y-2">
            <h2 id="rf-days" className="text-lg font-semibold">{t("daysTitle")} <CsvLink dataset="days-to-refund" /></h2>
            <ul className="flex flex-wrap gap-2 text-sm" data-testid="days-to-refund">{view.daysToRefund.map((b) => (
              <li key={b.from} className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">
                {b.to === null ? t("daysOver", { days: f.number(b.from - 1) }) : t("daysRange", { from: f.number(b.from), to: f.number(b.to) })}: <span className="tabular-nums">{f.number(b.count)}</span>
              </li>
            ))}</ul>
          </section>
        )}
        {view.delivery && (
          <section aria-labelledby="rf-delivery" className="space-y-2">
            <h2 id="rf-delivery" className="text-lg font-semibold">{t("deliveryTitle")}</h2>
            <p className="text-sm" data-testid="refund-delivery">{t("delivery", { before: f.number(view.delivery.beforeDelivery), after: f.number(view.delivery.afterDelivery), suppliers: view.delivery.bySupplier.map((s) => `${s.key === "unknown" ? t("unknownSupplier") : s.key} ${f.number(s.count)}`).join(", ") || "—" })}</p>
          </section>
        )}
        <DeliveryRefundsPanel view={view} />
        {/* One refund or chargeback per row, customers' details on request: never in a shared snapshot. */}
        {!links.shared && view.refunds && <RecordsPanel title={t("refundRecords")} kind="refunds" query={query} columns={view.refunds.columns} total={view.refunds.total} csvHref={exportHref("refunds", "refunds", query)} testId="refund-records" />}
        {!links.shared && view.chargebacks && <RecordsPanel title={t("chargebackRecords")} kind="chargebacks" query={query} columns={view.chargebacks.columns} total={view.chargebacks.total} csvHref={exportHref("refunds", "chargebacks", query)} testId="chargeback-records" />}
      </div>
    </PanelLinksScope>
  );
}
