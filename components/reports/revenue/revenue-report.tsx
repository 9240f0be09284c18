"use client";

import { useSearchParams } from "next/navigation";
import { BreakdownBarChart } from "@/components/charts/breakdown-bar-chart";
import { RevenueOverTimeChart } from "@/components/charts/revenue-over-time-chart";
import { FailurePanel } from "@/components/reports/failure-panel";
import { FetchProgress } from "@/components/reports/fetch-progress";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { KpiGrid } from "@/components/reports/kpi-grid";
import { QualityBanner } from "@/components/reports/quality-banner";
import { ReportControls } from "@/components/reports/report-controls";
import { ReportStreamError } from "@/lib/reports/read-report-stream";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { todayIn } from "@/lib/report-params/presets";
import type { KeyType } from "@/lib/sales-api/client";
import { AttachRates } from "./attach-rates";
import { FundsTable } from "./funds-table";
import { PurchasesTable } from "./purchases-table";
import { useRevenueReport } from "./use-revenue-report";
import { deltasArePartial } from "@/lib/reports/report-quality";
import { CsvIncompleteNote } from "@/components/reports/csv-incomplete-note";
import { DataFreshnessLine } from "@/components/reports/data-freshness-line";
import { formatClock } from "@/lib/reports/data-freshness";

const exportHref = (dataset: string, query: string) => `/api/export/revenue/${dataset}?${query}`;

export function RevenueReport({ keyType, accountLabel }: { keyType: KeyType; accountLabel: string }) {
  const searchParams = useSearchParams();
  const { params } = parseReportParams(Object.fromEntries(searchParams));
  const query = reportQuery(params);
  const includesToday = params.to >= todayIn(params.tz);
  const { data, error, isFetching, progress, dataUpdatedAt } = useRevenueReport(query, includesToday);
  const view = data?.data;
  const valueLabel = keyType === "creator" ? "Transaction amount" : "Commission";
  const currencies = view ? (params.currency ? view.currencies.filter((c) => c === params.currency) : view.currencies) : [];

  return (
    <div className="space-y-6" data-account={accountLabel}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{keyType === "creator" ? "Revenue" : "Commission"}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {params.from} to {params.to} ({params.tz}), by checkout start
            {view?.comparison && <> · compared with {view.comparison.from} to {view.comparison.to}</>}
          </p>
          {dataUpdatedAt > 0 && (
            <p className="text-xs text-zinc-500" data-testid="last-updated">
              Updated {formatClock(dataUpdatedAt, params.tz, true)} {includesToday && "· refreshes every minute"} {isFetching && view && "· refreshing…"}
            </p>
          )}
          {view && <DataFreshnessLine freshness={view.quality.freshness} timeZone={view.range.tz} />}
        </div>
        <div className="flex flex-col items-end gap-1">
          <a className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-zinc-300 hover:bg-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800" href={exportHref("all", query)}>
            Download all (ZIP of CSVs)
          </a>
          {view && <CsvIncompleteNote quality={view.quality} comparisonFiles="key figures and over-time" />}
        </div>
      </header>
      <ReportControls params={params} currencies={view?.currencies ?? []} filterOptions={view?.filterOptions ?? {}} hiddenFilters={keyType === "affiliate" ? ["affiliate"] : []} />
      {!view && !error && <FetchProgress progress={progress} />}
      {error && <FailurePanel failure={error instanceof ReportStreamError ? error.failure : { kind: "network", title: "The report could not be loaded", action: "Reload the page.", correlationId: null, retryAfterSeconds: null }} />}
      {view && (
        <>
          <QualityBanner quality={view.quality} comparison={view.comparison} />
          <section aria-labelledby="kpi-title" className="space-y-2">
            <div className="flex items-center justify-between">
              <h2 id="kpi-title" className="text-lg font-semibold">Key figures{view.quality.complete ? "" : " (incomplete)"}</h2>
              <a className="text-sm underline" href={exportHref("kpis", query)}>CSV</a>
            </div>
            <KpiGrid kpis={view.kpis.filter((k) => currencies.includes(k.currency))} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} comparisonDataFrom={view.comparisonDataFrom} />
          </section>
          <section aria-labelledby="series-title" className="space-y-2">
            <div className="flex items-center justify-between">
              <h2 id="series-title" className="text-lg font-semibold">{valueLabel} over time</h2>
              <a className="text-sm underline" href={exportHref("series", query)}>CSV</a>
            </div>
            {view.series.filter((s) => currencies.includes(s.currency)).map((s) => (
              <div key={s.currency}>
                <h3 className="text-sm font-semibold uppercase text-zinc-500">{s.currency}<AssumedCurrencyTag currency={s.currency} assumed={view.quality.assumedCurrency} /></h3>
                <RevenueOverTimeChart currency={s.currency} points={s.points} valueLabel={valueLabel} withComparison={view.comparison !== null} />
              </div>
            ))}
          </section>
          <section aria-labelledby="breakdowns-title" className="space-y-2">
            <h2 id="breakdowns-title" className="text-lg font-semibold">Where it comes from</h2>
            <div className="grid gap-6 lg:grid-cols-2">
              {view.breakdowns.filter((b) => currencies.includes(b.currency)).map((b) => (
                <div key={`${b.id}-${b.currency}`} className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
                  <div className="flex items-center justify-between">
                    <h3 className="text-sm font-semibold">{b.title} · {b.currency.toUpperCase()}<AssumedCurrencyTag currency={b.currency} assumed={view.quality.assumedCurrency} /></h3>
                    <a className="text-xs underline" href={exportHref(`breakdown-${b.id}`, query)}>CSV</a>
                  </div>
                  <BreakdownBarChart rows={b.rows} currency={b.currency} title={b.title} />
                </div>
              ))}
            </div>
          </section>
          {keyType === "creator" && <AttachRates attach={view.attach.filter((a) => currencies.includes(a.currency))} csvHref={exportHref("attach-rates", query)} assumed={view.quality.assumedCurrency} />}
          <FundsTable funds={view.funds.filter((f) => currencies.includes(f.currency))} label={view.fundsLabel} csvHref={exportHref("funds", query)} assumed={view.quality.assumedCurrency} />
          <PurchasesTable query={query} total={view.rows.total} valueLabel={valueLabel} csvHref={exportHref("purchases", query)} />
        </>
      )}
    </div>
  );
}
