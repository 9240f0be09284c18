"use client";

import { RevenueOverTimeChart } from "@/components/charts/revenue-over-time-chart";
import { QualityBanner } from "@/components/reports/quality-banner";
import { CsvLink, DownloadAll } from "@/components/reports/csv-link";
import { ReportScreen } from "@/components/reports/report-screen";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { AbandonmentKpis } from "./abandonment-kpis";
import { CartsTable } from "./carts-table";
import { DeclinesPanel } from "./declines-panel";
import { FunnelTable } from "./funnel-table";
import { RecoveryPanel } from "./recovery-panel";
import { WherePanel } from "./where-panel";
import { deltasArePartial } from "@/lib/reports/report-quality";
import { CsvIncompleteNote } from "@/components/reports/csv-incomplete-note";

const filterChoices = (view: AbandonmentView) => ({ product: view.byProduct.map((r) => r.key), offer: view.byOffer.map((r) => r.key), psp: view.matrix.psps, method: view.approval.paymentMethod.rows.map((r) => r.key), brand: view.approval.cardBrand.rows.map((r) => r.key) });

export function AbandonmentScreen() {
  return (
    <ReportScreen<AbandonmentView>
      id="abandonment"
      title="Abandonment"
      basis="by session start"
      choices={(view) => ({ currencies: view?.kpis.map((k) => k.currency) ?? [], filterOptions: view ? filterChoices(view) : {} })}
      hiddenFilters={["affiliate", "type", "country"]}
      downloads={(query, view) => (
        <>
          <DownloadAll report="abandonment" query={query} />
          <a className="text-sm underline" href={`/api/export/abandonment?${query}`}>CSV of all carts</a>
          {view && <CsvIncompleteNote quality={view.quality} />}
        </>
      )}
    >
      {(view, { query }) => <AbandonmentPanels view={view} query={query} />}
    </ReportScreen>
  );
}

function AbandonmentPanels({ view, query }: { view: AbandonmentView; query: string }) {
  return (
    <div className="space-y-8">
      <QualityBanner quality={view.quality} comparison={view.comparison} />
      <AbandonmentKpis kpis={view.kpis} definitions={view.definitions} comparisonDataFrom={view.comparisonDataFrom} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} />
      <section aria-labelledby="ab-over-time" className="space-y-2">
        <h2 id="ab-over-time" className="text-lg font-semibold">Value abandoned over time <CsvLink dataset="series" /></h2>
        {view.series.map((s) => (
          <RevenueOverTimeChart key={s.currency} currency={s.currency} points={s.points.map((p) => ({ ...p, previousAmount: null, previousBucket: null }))} valueLabel={`Abandoned (${s.currency.toUpperCase()})`} withComparison={false} />
        ))}
      </section>
      <section aria-labelledby="ab-funnel" className="space-y-3">
        <h2 id="ab-funnel" className="text-lg font-semibold">Checkout funnel</h2>
        <FunnelTable title="All checkouts" funnel={view.funnel} testId="funnel" />
        <FunnelTable title="By offer" funnel={view.funnelByOffer} testId="funnel-offer" />
        <div className="grid gap-4 lg:grid-cols-2">
          <FunnelTable title="By checkout version" funnel={view.funnelByVersion} testId="funnel-version" />
          <FunnelTable title="By session mode" funnel={view.funnelByMode} testId="funnel-mode" />
        </div>
      </section>
      <DeclinesPanel view={view} />
      <WherePanel view={view} />
      <RecoveryPanel recovery={view.recovery} />
      <section aria-labelledby="ab-recovered-time" className="space-y-2">
        <h2 id="ab-recovered-time" className="text-lg font-semibold">Recovered value over time (by purchase) <CsvLink dataset="recovered-series" /></h2>
        {view.recoveredSeries.map((s) => (
          <RevenueOverTimeChart key={s.currency} currency={s.currency} points={s.points.map((p) => ({ ...p, previousAmount: null, previousBucket: null }))} valueLabel={`Recovered (${s.currency.toUpperCase()})`} withComparison={false} />
        ))}
      </section>
      <CartsTable query={query} total={view.totalCarts} csvHref={`/api/export/abandonment?${query}`} />
    </div>
  );
}
