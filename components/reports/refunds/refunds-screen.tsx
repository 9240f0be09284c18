"use client";

import Link from "next/link";
import { BreakdownBarChart } from "@/components/charts/breakdown-bar-chart";
import { KpiGrid } from "@/components/reports/kpi-grid";
import { QualityBanner } from "@/components/reports/quality-banner";
import { CsvLink, DownloadAll } from "@/components/reports/csv-link";
import { ReportScreen } from "@/components/reports/report-screen";
import type { KeyType } from "@/lib/auth/session-decision";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuery } from "@/lib/report-params/parse";
import type { RefundsView } from "@/lib/reports/report-views";
import { RecordsPanel } from "./records-panel";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { deltasArePartial } from "@/lib/reports/report-quality";
import { CsvIncompleteNote } from "@/components/reports/csv-incomplete-note";

const TITLES: Record<string, string> = { product: "By product", offer: "By offer", purchaseType: "By purchase type", paymentMethod: "By payment method", psp: "By PSP" };

// Chargeback rate against the card networks' thresholds (monitoring programmes start near 0.9%, excessive near 1.5%).
function ChargebackGauge({ rate }: { rate: number | null }) {
  const width = Math.min(100, ((rate ?? 0) / 0.02) * 100);
  return (
    <div className="relative mt-2 h-2 rounded bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
      <div className="h-2 rounded bg-[var(--chart-2)]" style={{ width: `${width}%` }} />
      <div className="absolute top-[-3px] h-3.5 w-px bg-amber-600" style={{ left: "45%" }} title="0.9%" />
      <div className="absolute top-[-3px] h-3.5 w-px bg-red-600" style={{ left: "75%" }} title="1.5%" />
    </div>
  );
}

export function RefundsScreen({ keyType }: { keyType: KeyType }) {
  return (
    <ReportScreen<RefundsView>
      id="refunds"
      title="Refunds & chargebacks"
      basis={(params) => (params.dating === "sale" ? "by sale date" : "by refund or chargeback request date")}
      choices={(view) => ({ currencies: view?.kpis.map((k) => k.currency) ?? [], filterOptions: {} })}
      hiddenFilters={keyType === "creator" ? [] : ["affiliate"]}
      downloads={(query, view) => (
        <>
          <DownloadAll report="refunds" query={query} />
          <a className="text-sm underline" href={`/api/export/refunds/kpis?${query}`}>CSV of the figures</a>
          {view && <CsvIncompleteNote quality={view.quality} />}
        </>
      )}
    >
      {(view, { params, query }) => <RefundsPanels view={view} params={params} query={query} />}
    </ReportScreen>
  );
}

function RefundsPanels({ view, params, query }: { view: RefundsView; params: ReportParams; query: string }) {
  const other = reportQuery({ ...params, dating: params.dating === "sale" ? "event" : "sale" });
  const creator = view.keyType === "creator";
  return (
    <div className="space-y-6 sm:space-y-8">
      <div className="rounded-xl border border-zinc-200 bg-white p-3 text-sm sm:p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="dating">
        <p className="font-medium">Dated by {params.dating === "sale" ? "the original sale" : "the refund or chargeback request"}. <Link className="underline" href={`/refunds?${other}`}>Date by {params.dating === "sale" ? "request instead" : "sale instead"}</Link></p>
        <p className="mt-1 text-xs text-zinc-600 sm:text-sm dark:text-zinc-400">
          By sale: the refunds recorded on this period&apos;s purchases (their amountRefunded) and the chargebacks of those purchases, whenever they came. By request: the refund and chargeback records requested in this period, whatever the sale&apos;s date. Rates divide by this period&apos;s purchases either way.
        </p>
      </div>
      {view.unavailable.length > 0 && (
        <div role="status" data-testid="unavailable" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
          The Sales API does not offer {view.unavailable.join(" and ")} records right now (it answered 404). Refunds below come from the purchases&apos; refunded amounts; {view.unavailable.includes("chargebacks") ? "chargebacks cannot be shown" : "chargebacks are shown"}{view.unavailable.includes("refunds") ? ", and the days from sale to refund, refunds before delivery and the refund records are missing" : ""}.
        </div>
      )}
      <QualityBanner quality={view.quality} comparison={view.comparison} />
      <section aria-labelledby="rf-kpis" className="space-y-4">
        <h2 id="rf-kpis" className="text-lg font-semibold">Key figures</h2>
        <KpiGrid kpis={view.kpis} partialDeltas={deltasArePartial(view.quality)} assumedCurrency={view.quality.assumedCurrency} comparisonDataFrom={view.comparisonDataFrom} testIdPrefix="rf"
          extra={(item) => (item.key === "chargebackRate" ? <ChargebackGauge rate={item.value} /> : null)} />
      </section>
      <section aria-labelledby="rf-where" className="space-y-2">
        <h2 id="rf-where" className="text-lg font-semibold">{creator ? "What gets refunded (by sale date)" : "Commission lost to refunds, by sale date"}</h2>
        <div className="grid gap-6 lg:grid-cols-2">
          {view.breakdowns.filter((b) => !params.currency || b.currency === params.currency).map((b) => (
            <div key={`${b.id}-${b.currency}`} className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
              <h3 className="text-sm font-semibold">{TITLES[b.id] ?? b.id} · {b.currency.toUpperCase()}<AssumedCurrencyTag currency={b.currency} assumed={view.quality.assumedCurrency} /> <CsvLink dataset={`breakdown-${b.id}`} /></h3>
              <BreakdownBarChart rows={b.rows.map((r) => ({ key: r.label ?? r.key, count: r.count, amount: r.amount, share: r.share ?? 0 }))} currency={b.currency} title={TITLES[b.id] ?? b.id} />
            </div>
          ))}
        </div>
      </section>
      {view.daysToRefund && (
        <section aria-labelledby="rf-days" className="space-y-2">
          <h2 id="rf-days" className="text-lg font-semibold">Days from purchase to refund request <CsvLink dataset="days-to-refund" /></h2>
          <ul className="flex flex-wrap gap-2 text-sm" data-testid="days-to-refund">{view.daysToRefund.map((b) => <li key={b.key} className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">{b.key}: <span className="tabular-nums">{b.count}</span></li>)}</ul>
        </section>
      )}
      {view.delivery && (
        <section aria-labelledby="rf-delivery" className="space-y-2">
          <h2 id="rf-delivery" className="text-lg font-semibold">Refunds of shipped orders</h2>
          <p className="text-sm" data-testid="refund-delivery">{view.delivery.beforeDelivery} requested before delivery · {view.delivery.afterDelivery} after · by supplier: {view.delivery.bySupplier.map((s) => `${s.key} ${s.count}`).join(", ") || "—"}</p>
        </section>
      )}
      {view.refunds && <RecordsPanel title="Refund records" kind="refunds" query={query} columns={view.refunds.columns} total={view.refunds.total} csvHref={`/api/export/refunds/refunds?${query}`} testId="refund-records" />}
      {view.chargebacks && <RecordsPanel title="Chargeback and alert records" kind="chargebacks" query={query} columns={view.chargebacks.columns} total={view.chargebacks.total} csvHref={`/api/export/refunds/chargebacks?${query}`} testId="chargeback-records" />}
    </div>
  );
}
