"use client";

import { RevenueOverTimeChart } from "@/components/charts/revenue-over-time-chart";
import { OrdersTable } from "@/components/reports/orders-table";
import { QualityBanner } from "@/components/reports/quality-banner";
import { CsvLink, DownloadAll } from "@/components/reports/csv-link";
import { ReportScreen } from "@/components/reports/report-screen";
import type { OrdersView } from "@/lib/reports/report-views";
import { KpiGrid } from "@/components/reports/kpi-grid";
import { deltasArePartial } from "@/lib/reports/report-quality";
import { CsvIncompleteNote } from "@/components/reports/csv-incomplete-note";

function Counts({ title, rows, testId, dataset }: { title: string; rows: Array<{ key: string; count: number }>; testId: string; dataset: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="text-sm font-semibold">{title} <CsvLink dataset={dataset} /></h3>
      <ul className="mt-2 space-y-1 text-sm" data-testid={testId}>
        {rows.map((r) => (
          <li key={r.key} className="flex justify-between gap-4"><span>{r.key.replaceAll("_", " ")}</span><span className="tabular-nums">{r.count.toLocaleString("en-US")}</span></li>
        ))}
        {rows.length === 0 && <li className="text-zinc-600 dark:text-zinc-400">None in this range.</li>}
      </ul>
    </div>
  );
}

export function OrdersScreen() {
  return (
    <ReportScreen<OrdersView>
      id="orders"
      title="Orders"
      basis="by checkout start"
      choices={(view) => ({ currencies: view?.totals.map((t) => t.currency) ?? [], filterOptions: {} })}
      downloads={(query, view) => (
        <>
          <DownloadAll report="orders" query={query} />
          <a className="text-sm underline" href={`/api/export/orders?${query}`}>CSV of all orders</a>
          {view && <CsvIncompleteNote quality={view.quality} />}
        </>
      )}
    >
      {(view, { query }) => <OrdersPanels view={view} query={query} />}
    </ReportScreen>
  );
}

function OrdersPanels({ view, query }: { view: OrdersView; query: string }) {
  const { fulfilment: f } = view;
  return (
    <section aria-label="Orders" className="space-y-8">
      <QualityBanner quality={view.quality} comparison={view.comparison} />
      <section aria-labelledby="orders-kpis" className="space-y-2">
        <h2 id="orders-kpis" className="text-lg font-semibold">Key figures <CsvLink dataset="kpis" /></h2>
        <KpiGrid kpis={view.kpis} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} comparisonDataFrom={view.comparisonDataFrom} testIdPrefix="orders" />
      </section>
      {view.series.map((s) => (
        <div key={s.currency}>
          <h2 className="text-lg font-semibold">Orders over time · {s.currency.toUpperCase()} <CsvLink dataset="series" /></h2>
          <RevenueOverTimeChart currency={s.currency} points={s.points.map((p) => ({ ...p, previousAmount: null, previousBucket: null }))} valueLabel="Order amount" withComparison={false} />
        </div>
      ))}
      <div>
        <h2 className="text-lg font-semibold">Fulfilment</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{f.withoutShipping.toLocaleString("en-US")} orders of digital products need no shipping.</p>
        <div className="mt-3 grid gap-4 md:grid-cols-3">
          <Counts title="By tracking milestone" rows={f.byMilestone} testId="by-milestone" dataset="milestones" />
          <Counts title="By carrier" rows={f.byCarrier} testId="by-carrier" dataset="carriers" />
          <Counts title="By supplier" rows={f.bySupplier} testId="by-supplier" dataset="suppliers" />
        </div>
        <div className="mt-4 rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h3 className="font-semibold">From completion to delivery <CsvLink dataset="delivery-times" /></h3>
          <p className="mt-1" data-testid="delivery-times">
            {f.deliveryTimes.delivered.toLocaleString("en-US")} delivered · median {f.deliveryTimes.medianDays ?? "—"} days · 90% within {f.deliveryTimes.p90Days ?? "—"} days
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {f.deliveryTimes.histogram.map((b) => <li key={b.key} className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">{b.key}: <span className="tabular-nums">{b.count}</span></li>)}
          </ul>
        </div>
      </div>
      <OrdersTable query={query} total={view.totals.reduce((n, t) => n + t.count, 0)} csvHref={`/api/export/orders?${query}`} />
    </section>
  );
}
