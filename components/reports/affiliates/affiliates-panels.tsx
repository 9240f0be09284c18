"use client";

import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/use-formats";
import { ChargebackRule } from "@/components/reports/chargeback-rule";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { CsvLink } from "@/components/reports/csv-link";
import { EmptyPeriod } from "@/components/reports/empty-period";
import { PanelLinksScope, type ReportPanelsProps } from "@/components/reports/panel-links";
import { QualityBanner } from "@/components/reports/quality-banner";
import type { AffiliateBlock } from "@/lib/analytics/affiliate-leaderboard";
import { MIN_EVENTS } from "@/lib/analytics/rate-flag";
import type { AffiliatesView } from "@/lib/reports/report-views";
import { AffiliatesTable } from "./affiliates-table";
import { AffiliatesToolbar, useAffiliatesFilter } from "./affiliates-toolbar";
import { card, warning } from "@/components/ui/surface";

/** The Affiliates report's panels for one view: the signed-in report's, and a shared snapshot's. */
export function AffiliatesPanels({ view, params, query, links }: ReportPanelsProps<AffiliatesView>) {
  const t = useTranslations("affiliates");
  const [filter, setFilter] = useAffiliatesFilter();
  const missing = view.unavailable.length === 2 ? "both" : (view.unavailable[0] ?? "none");
  if (view.sales === 0 && view.quality.complete) return <EmptyPeriod params={params} what="sales" offerWider={!links.shared} />;
  return (
    <PanelLinksScope report="affiliates" query={query} links={links}>
      <div className="space-y-6 sm:space-y-8">
        <p className={card("p-3 text-xs text-zinc-700 sm:p-4 sm:text-sm dark:text-zinc-300")} data-testid="affiliates-explained">
          {t("explained", { multiple: view.flagMultiple, min: view.minSample, events: MIN_EVENTS })}
        </p>
        <ChargebackRule money={false} />
        {view.unavailable.length > 0 && (
          <div role="status" data-testid="unavailable" className={warning("p-4 text-sm")}>
            {t("unavailable", { missing })}
          </div>
        )}
        <QualityBanner quality={view.quality} comparison={view.comparison} />
        {view.blocks.length === 0 ? (
          <p className="text-sm" data-testid="no-affiliates">{t("noAffiliates")}</p>
        ) : (
          <>
            <AffiliatesToolbar filter={filter} setFilter={setFilter} />
            {view.blocks.map((b) => (
              <Block key={b.currency} block={b} view={view} params={params} filter={filter} linked={!links.shared} />
            ))}
          </>
        )}
      </div>
    </PanelLinksScope>
  );
}

function Block({ block, view, params, filter, linked }: { block: AffiliateBlock; view: AffiliatesView; params: ReportPanelsProps<AffiliatesView>["params"]; filter: ReturnType<typeof useAffiliatesFilter>[0]; linked: boolean }) {
  const t = useTranslations("affiliates");
  const f = useFormats();
  const a = block.account;
  const rate = (r: number | null) => (r === null ? "—" : f.percent(r, 1));
  const currency = block.currency.toUpperCase();
  return (
    <section aria-labelledby={`af-${block.currency}`} className="space-y-2" data-testid="affiliates-block" data-currency={block.currency}>
      <h2 id={`af-${block.currency}`} className="text-lg font-semibold">
        {t("block", { currency, count: block.rows.length })}<AssumedCurrencyTag currency={block.currency} assumed={view.quality.assumedCurrency} /> <CsvLink dataset="affiliates" />
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="account-rates">
        {t("account", {
          currency, sales: f.number(a.sales), refunds: f.number(a.refunds), refundRate: rate(a.refundRate),
          chargebackRate: a.chargebacks === null ? t("notAvailable") : t("accountChargebacks", { rate: rate(a.chargebackRate), count: f.number(a.chargebacks), sales: f.number(a.sales) }),
        })}
      </p>
      <AffiliatesTable block={block} view={view} params={params} filter={filter} linked={linked} />
    </section>
  );
}
