"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useEffect, useState } from "react";
import { CsvIncompleteNote } from "@/components/reports/csv-incomplete-note";
import { DownloadAll, ExportScope } from "@/components/reports/csv-link";
import { DataFreshnessLine } from "@/components/reports/data-freshness-line";
import { FailurePanel } from "@/components/reports/failure-panel";
import { FetchProgress } from "@/components/reports/fetch-progress";
import { lazyPanels, PanelsLoading, usePreload } from "@/components/reports/lazy-panels";
import { SIGNED_IN_LINKS } from "@/components/reports/panel-links";
import { ReportControls } from "@/components/reports/report-controls";
import { ShareButton } from "@/components/sharing/share-button";
import { SaveViewButton } from "@/components/views/save-view-button";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { todayIn } from "@/lib/report-params/presets";
import { isTimeZone } from "@/lib/report-params/time-zone";
import { formatClock } from "@/lib/reports/data-freshness";
import { exportHref, type ReportId } from "@/lib/reports/report-definitions";
import type { KeyType } from "@/lib/auth/session-decision";
import type { ReportQuality } from "@/lib/reports/report-quality";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { ReportStreamError } from "@/lib/reports/browser/read-report-stream";
import { useBrowserZone } from "./use-browser-zone";
import { useReport } from "./use-report";
import { useReportDay } from "./use-report-day";
import { useReportUrlParams } from "./use-report-url";

// The chips of the filters set, out of the reports' first load (the budget): fetched only when a
// filter is set, they come in beside the figures, which arrive after the page anyway.
const FilterChips = dynamic(() => import("@/components/reports/filter-chips").then((m) => m.FilterChips), { ssr: false });

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
  choices: (view: V | undefined) => { currencies: string[]; filterOptions: Partial<Record<FilterKey, string[]>>; offers?: OfferChoice[] };
  hiddenFilters?: FilterKey[];
  /** Beside "Download all", the one file the header offers on its own (the records), and its words. */
  file?: { name: string; label: string };
  /** The files that hold the comparison period's figures, in words, for the note on incomplete files. */
  comparisonFiles?: string;
  keyType: KeyType;
}

/**
 * A URL without a zone means the browser's: the URL is replaced (not pushed: Back does not
 * return to a zoneless address) with it, and nothing is loaded before, so no figure of another
 * zone is ever shown. A UTC browser keeps the zoneless URL, which already means UTC.
 */
export function ReportScreen<V extends FramedView>(props: ReportScreenProps<V>) {
  // The panels' code downloads beside the report's data, from the screen's first mount.
  usePreload(lazyPanels(props.id).preload);
  const searchParams = useSearchParams();
  const browserZone = useBrowserZone();
  const [, setZone] = useQueryStates({ tz: parseAsString }, { history: "replace", scroll: false });
  const urlZone = searchParams.get("tz");
  const adopt = !urlZone && browserZone !== null && browserZone !== "UTC" && isTimeZone(browserZone) ? browserZone : null;
  useEffect(() => {
    if (adopt) void setZone({ tz: adopt });
  }, [adopt, setZone]);
  if (!urlZone && (browserZone === null || adopt)) {
    return (
      <div className="space-y-4 sm:space-y-6" data-report={props.id}>
        <h1 className="text-2xl font-semibold tracking-tight">{props.title}</h1>
        <FetchProgress progress={null} />
      </div>
    );
  }
  return <ReportFrame {...props} browserZone={browserZone} />;
}

/**
 * Every report the same way: the URL is its state; its view streams from the report's route
 * with progress on every change (not only the first load); while a new range loads, the
 * previous figures stay on screen dimmed, inert and labelled with their own range, never under
 * the new dates.
 */
function ReportFrame<V extends FramedView>({ id, title, basis, choices, hiddenFilters, file, comparisonFiles, keyType, browserZone }: ReportScreenProps<V> & { browserZone: string | null }) {
  const t = useTranslations("filters");
  const tr = useTranslations("report.header");
  const day = useReportDay();
  const params = useReportUrlParams();
  const query = reportQuery(params);
  const includesToday = params.to >= todayIn(params.tz);
  const { data, error, isFetching, isPlaceholderData, progress, dataUpdatedAt } = useReport<V>(id, query, includesToday);
  const previous = isPlaceholderData && data ? data : null;
  const current = data && !isPlaceholderData ? data : null;
  const shown = data ? { params: parseReportParams(Object.fromEntries(new URLSearchParams(data.query))).params, query: data.query } : null;
  const loading = isFetching && !current;
  // Panels whose code is still on its way (components/reports/lazy-panels.tsx).
  const [panelsLoading, setPanelsLoading] = useState(0);
  const tellPanelsLoading = useCallback((delta: 1 | -1) => setPanelsLoading((n) => n + delta), []);
  const { currencies, filterOptions, offers } = choices(data?.view);
  // The report's own panels (components/reports/report-panels.ts), drawn for the session's key type.
  const { Panels } = lazyPanels(id);

  return (
    <div className="space-y-4 sm:space-y-6" data-report={id}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        {/* Grows and wraps its own lines: a long freshness line once pushed the buttons under it. */}
        <div className="min-w-0 flex-1 basis-80">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="report-range">
            {tr("range", { from: day(params.from), to: day(params.to), zone: params.tz, basis: typeof basis === "string" ? basis : basis(params) })}
            {current?.view.comparison && tr("comparedWith", { from: day(current.view.comparison.from), to: day(current.view.comparison.to) })}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="report-zone">
            {params.tz === browserZone ? t("timesInBrowserZone", { zone: params.tz }) : t("timesIn", { zone: params.tz })}
          </p>
          {current && dataUpdatedAt > 0 && (
            <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="last-updated">
              {tr("updated", { time: formatClock(dataUpdatedAt, params.tz, true) })} {includesToday && tr("refreshesEveryMinute")} {isFetching && tr("refreshing")}
            </p>
          )}
          {current && <DataFreshnessLine freshness={current.view.quality.freshness} timeZone={params.tz} />}
        </div>
        <div className="flex min-w-0 max-w-full flex-row flex-wrap items-center gap-x-3 gap-y-1 sm:shrink-0 sm:flex-col sm:items-end">
          <DownloadAll report={id} query={query} />
          {file && <a className="text-sm underline" href={exportHref(id, file.name, query)}>{file.label}</a>}
          {current && <CsvIncompleteNote quality={current.view.quality} comparisonFiles={comparisonFiles} />}
          <SaveViewButton report={id} />
          <ShareButton report={id} query={query} />
        </div>
      </header>
      <ReportControls params={params} currencies={currencies} filterOptions={filterOptions} offers={offers} hiddenFilters={hiddenFilters} />
      {(params.currency || FILTER_KEYS.some((key) => params.filters[key].length > 0)) && <FilterChips params={params} known={current ? choices(current.view) : null} offers={offers} />}
      {loading && <FetchProgress progress={progress} />}
      {error && !isFetching && (error instanceof ReportStreamError
        ? <FailurePanel failure={error.failure} />
        : <FailurePanel worded failure={{ kind: "network", title: tr("networkTitle"), action: tr("networkAction"), correlationId: null, retryAfterSeconds: null }} />)}
      {previous && shown && (
        <p role="status" data-testid="previous-range" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-900">
          {tr("previousRange", { from: day(shown.params.from), to: day(shown.params.to), newFrom: day(params.from), newTo: day(params.to) })}
        </p>
      )}
      {data && shown && !(error && !isFetching && !current) && (
        <div data-testid="report-body" data-state={previous ? "previous" : panelsLoading > 0 ? "loading" : "current"} aria-busy={previous || panelsLoading > 0 ? true : undefined} inert={previous ? true : undefined}
          className={previous ? "pointer-events-none select-none opacity-40 transition-opacity" : "transition-opacity"}>
          <PanelsLoading.Provider value={tellPanelsLoading}>
            <ExportScope report={id} query={shown.query}>
              <Panels view={data.view as never} params={shown.params} query={shown.query} keyType={keyType} links={SIGNED_IN_LINKS} />
            </ExportScope>
          </PanelsLoading.Provider>
        </div>
      )}
    </div>
  );
}
