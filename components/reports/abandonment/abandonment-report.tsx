import { RevenueOverTimeChart } from "@/components/charts/revenue-over-time-chart";
import { QualityBanner } from "@/components/reports/quality-banner";
import { ReportControls } from "@/components/reports/report-controls";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { AbandonmentView } from "@/lib/reports/abandonment-report";
import { AbandonmentKpis } from "./abandonment-kpis";
import { CartsTable } from "./carts-table";
import { DeclinesPanel } from "./declines-panel";
import { FunnelTable } from "./funnel-table";
import { RecoveryPanel } from "./recovery-panel";
import { WherePanel } from "./where-panel";
import { deltasArePartial } from "@/lib/reports/report-quality";
import { CsvIncompleteNote } from "@/components/reports/csv-incomplete-note";
import { DataFreshnessLine } from "@/components/reports/data-freshness-line";

export function AbandonmentReport({ params, view, query }: { params: ReportParams; view: AbandonmentView; query: string }) {
  const currencies = view.kpis.map((k) => k.current.currency);
  const options = { product: view.byProduct.map((r) => r.key), offer: view.byOffer.map((r) => r.key), psp: view.matrix.psps, method: view.approval.paymentMethod.rows.map((r) => r.key), brand: view.approval.cardBrand.rows.map((r) => r.key) };
  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Abandonment</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {params.from} to {params.to} ({params.tz}), by session start{view.comparison && <> · compared with {view.comparison.from} to {view.comparison.to}</>}
          </p>
          <DataFreshnessLine freshness={view.quality.freshness} timeZone={params.tz} />
        </div>
        <div className="flex flex-col items-end gap-1">
          <a className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-zinc-300 hover:bg-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800" href={`/api/export/abandonment?${query}`}>CSV of all carts</a>
          <CsvIncompleteNote quality={view.quality} />
        </div>
      </header>
      <ReportControls params={params} currencies={currencies} filterOptions={options} hiddenFilters={["affiliate", "type", "country"]} shallow={false} />
      <QualityBanner quality={view.quality} comparison={view.comparison} />
      <AbandonmentKpis kpis={view.kpis} definitions={view.definitions} comparing={view.comparison !== null} comparisonDataFrom={view.comparisonDataFrom} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} />
      <section aria-labelledby="ab-over-time" className="space-y-2">
        <h2 id="ab-over-time" className="text-lg font-semibold">Value abandoned over time</h2>
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
        <h2 id="ab-recovered-time" className="text-lg font-semibold">Recovered value over time (by purchase)</h2>
        {view.recoveredSeries.map((s) => (
          <RevenueOverTimeChart key={s.currency} currency={s.currency} points={s.points.map((p) => ({ ...p, previousAmount: null, previousBucket: null }))} valueLabel={`Recovered (${s.currency.toUpperCase()})`} withComparison={false} />
        ))}
      </section>
      <CartsTable query={query} total={view.totalCarts} csvHref={`/api/export/abandonment?${query}`} />
    </div>
  );
}
