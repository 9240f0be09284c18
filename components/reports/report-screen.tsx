"use client";

import { useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { ExportScope } from "@/components/reports/csv-link";
import { DataFreshnessLine } from "@/components/reports/data-freshness-line";
import { FailurePanel } from "@/components/reports/failure-panel";
import { FetchProgress } from "@/components/reports/fetch-progress";
import { ReportControls } from "@/components/reports/report-controls";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { todayIn } from "@/lib/report-params/presets";
import { formatClock } from "@/lib/reports/data-freshness";
import type { ReportId } from "@/lib/reports/report-definitions";
import type { ReportQuality } from "@/lib/reports/report-quality";
import { ReportStreamError } from "@/lib/reports/browser/read-report-stream";
import { useReport } from "./use-report";

/** What every report view carries for the frame around its panels. */
export interface FramedView {
  quality: ReportQuality;
  comparison: { from: string; to: string } | null;
}

/** The report a view answers: its URL parameters and query (while a new one loads, the previous). */
export interface ShownReport {
  params: ReportParams;
  query: string;
}

export interface ReportScreenProps<V extends FramedView> {
  id: ReportId;
  title: string;
  /** How the report places records in time, after the range: "by checkout start". */
  basis: string | ((params: ReportParams) => string);
  /** The controls' choices, read off the last view (the previous one while a new one loads). */
  choices: (view: V | undefined) => { currencies: string[]; filterOptions: Partial<Record<FilterKey, string[]>> };
  hiddenFilters?: FilterKey[];
  /** The downloads of the header, for the URL's report. */
  downloads: (query: string, view: V | undefined) => ReactNode;
  children: (view: V, shown: ShownReport) => ReactNode;
}

const NETWORK_FAILURE = { kind: "network" as const, title: "The report could not be loaded", action: "Reload the page.", correlationId: null, retryAfterSeconds: null };

/**
 * Every report the same way: the URL is its state; its view streams from the report's route
 * with progress on every change (not only the first load); while a new range loads, the
 * previous figures stay on screen dimmed, inert and labelled with their own range, never under
 * the new dates.
 */
export function ReportScreen<V extends FramedView>({ id, title, basis, choices, hiddenFilters, downloads, children }: ReportScreenProps<V>) {
  const searchParams = useSearchParams();
  const { params } = parseReportParams(Object.fromEntries(searchParams));
  const query = reportQuery(params);
  const includesToday = params.to >= todayIn(params.tz);
  const { data, error, isFetching, isPlaceholderData, progress, dataUpdatedAt } = useReport<V>(id, query, includesToday);
  const previous = isPlaceholderData && data ? data : null;
  const current = data && !isPlaceholderData ? data : null;
  const shown = data ? { params: parseReportParams(Object.fromEntries(new URLSearchParams(data.query))).params, query: data.query } : null;
  const loading = isFetching && !current;
  const { currencies, filterOptions } = choices(data?.view);

  return (
    <div className="space-y-4 sm:space-y-6" data-report={id}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="report-range">
            {params.from} to {params.to} ({params.tz}), {typeof basis === "string" ? basis : basis(params)}
            {current?.view.comparison && <> · compared with {current.view.comparison.from} to {current.view.comparison.to}</>}
          </p>
          {current && dataUpdatedAt > 0 && (
            <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="last-updated">
              Updated {formatClock(dataUpdatedAt, params.tz, true)} {includesToday && "· refreshes every minute"} {isFetching && "· refreshing…"}
            </p>
          )}
          {current && <DataFreshnessLine freshness={current.view.quality.freshness} timeZone={params.tz} />}
        </div>
        <div className="flex flex-row flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end">{downloads(query, current?.view)}</div>
      </header>
      <ReportControls params={params} currencies={currencies} filterOptions={filterOptions} hiddenFilters={hiddenFilters} />
      {loading && <FetchProgress progress={progress} />}
      {error && !isFetching && <FailurePanel failure={error instanceof ReportStreamError ? error.failure : NETWORK_FAILURE} />}
      {previous && shown && (
        <p role="status" data-testid="previous-range" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-900">
          Still showing the previous range, {shown.params.from} to {shown.params.to}, dimmed, until {params.from} to {params.to} is loaded.
        </p>
      )}
      {data && shown && !(error && !isFetching && !current) && (
        <div data-testid="report-body" data-state={previous ? "previous" : "current"} aria-busy={previous ? true : undefined} inert={previous ? true : undefined}
          className={previous ? "pointer-events-none select-none opacity-40 transition-opacity" : "transition-opacity"}>
          <ExportScope report={id} query={shown.query}>{children(data.view, shown)}</ExportScope>
        </div>
      )}
    </div>
  );
}
