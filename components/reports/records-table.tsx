"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormats } from "@/components/i18n/use-formats";
import { formatStampInLocale } from "@/lib/format";
import { Popover } from "@/components/ui/popover";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { categoryLabel, type CategoryLabel, type CodeDimension, type NamedDimension } from "@/lib/i18n/code-labels";
import type { TableName } from "@/lib/report-params/table-url-parsers";
import { useCustomerDetails } from "./use-customer-details";
import { useTableRows } from "./use-table-rows";
import { useTableUrlState } from "./use-table-url-state";
import { outlineButton } from "@/components/ui/button-style";
import { listHead, ScrollRegion } from "@/components/ui/scroll-region";

/**
 * `code`: the column holds the API's codes of that dimension, shown as words (sorting and the
 * CSV keep the codes); `nameKey`: the field with the name a code is shown by (an offer's).
 */
export interface TableColumn<R> { key: keyof R & string; label: string; numeric?: boolean; sort?: string; personal?: boolean; code?: CodeDimension | NamedDimension; nameKey?: keyof R & string }

/** The columns with the report's zone named after the label of the column that holds times. */
export function withZone<R>(columns: TableColumn<R>[], zone: string, timeKey: keyof R & string): TableColumn<R>[] {
  return columns.map((c) => (c.key === timeKey ? { ...c, label: `${c.label} (${zone})` } : c));
}

type Props<R> = {
  title: string;
  /** Names the table's state in the URL and its rows for the reveal action. */
  table: TableName;
  endpoint: string;
  query: string;
  total: number;
  columns: TableColumn<R>[];
  defaultSort: string;
  defaultHidden?: string[];
  rowKey: (row: R) => string;
  csvHref: string;
  testId: string;
};

const PAGE_SIZE = 50;

// A report table a page at a time, sorted on the server over the whole range, its sort, page and
// columns in the URL. The rows always arrive masked; customer details are asked of a server
// action for the rows on screen, only once the user ticks "Show customer details".
export function RecordsTable<R>({ title, table, endpoint, query, total, columns, defaultSort, defaultHidden = [], rowKey, csvHref, testId }: Props<R>) {
  const [url, setUrl] = useTableUrlState(table, query, { sort: defaultSort, hidden: defaultHidden });
  const [reveal, setReveal] = useState(false);
  const state = { page: url.page, pageSize: PAGE_SIZE, sort: url.sort, dir: url.dir };
  const hidden = new Set(url.hide);
  const { data, isFetching, error } = useTableRows<R>(endpoint, query, state);
  const revealed = useCustomerDetails(table, query, data?.items.map(rowKey), reveal);
  const visible = columns.filter((c) => !hidden.has(c.key));
  const pages = Math.max(1, Math.ceil((data?.total ?? total) / state.pageSize));
  const page = data?.page ?? state.page;
  const toggleSort = (sort: string) => void setUrl({ page: null, sort, dir: state.sort === sort && state.dir === "desc" ? "asc" : "desc" });
  const toggleColumn = (key: string) => void setUrl({ hide: hidden.has(key) ? [...hidden].filter((k) => k !== key) : [...hidden, key] });
  const label = useCodeLabel();
  const t = useTranslations("report.tables");
  const f = useFormats();
  const cell = (row: R, column: TableColumn<R>): CategoryLabel => {
    const revealedText = column.personal ? revealed.details?.[rowKey(row)]?.[column.key] : undefined;
    if (revealedText !== undefined) return { label: revealedText };
    const value = row[column.key];
    // A time ("2026-11-23 14:05") with its day as the reader's language writes every day; other text as it is.
    if (!column.code) return { label: formatStampInLocale(String(value ?? ""), f.locale) };
    return categoryLabel(label, column.code, value === null || value === undefined ? "" : String(value), column.nameKey ? String(row[column.nameKey] ?? "") : undefined);
  };
  return (
    <section aria-label={title} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {title} <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">(<span data-testid={`${testId}-total`}>{f.number(total)}</span>)</span>
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> {t("showDetails")}
          </label>
          <Popover summaryClassName={outlineButton("sm", "cursor-pointer list-none")} summary={t("columns")}>
            <fieldset className="absolute right-0 z-10 mt-1 w-48 rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
              <legend className="sr-only">{t("columns")}</legend>
              {columns.map((c) => (
                <label key={c.key} className="flex items-center gap-2 py-0.5">
                  <input type="checkbox" checked={!hidden.has(c.key)} onChange={() => toggleColumn(c.key)} /> {c.label}
                </label>
              ))}
            </fieldset>
          </Popover>
          <a className="underline" href={csvHref}>{t("csvAll", { count: f.number(total) })}</a>
        </div>
      </div>
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error.message}</p>}
      {revealed.error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{revealed.error}</p>}
      <ScrollRegion surface="frame" className={isFetching ? "cursor-progress" : ""} aria-busy={isFetching || undefined} label={t("scrollable", { title })}>
        <table className="min-w-full text-sm">
          <thead className={listHead()}>
            <tr>
              {visible.map((c) => (
                <th key={c.key} scope="col" aria-sort={c.sort && state.sort === c.sort ? (state.dir === "asc" ? "ascending" : "descending") : undefined} className={`px-3 py-2 font-medium ${c.numeric ? "text-right" : ""}`}>
                  {c.sort ? (
                    <button type="button" className="uppercase" onClick={() => toggleSort(c.sort!)}>
                      {c.label}{state.sort === c.sort ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
                    </button>
                  ) : c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {(data?.items ?? []).map((r) => (
              <tr key={rowKey(r)} data-testid={`${testId}-row`}>
                {visible.map((c) => <td key={c.key} data-column={c.key} className={`whitespace-nowrap px-3 py-2 ${c.numeric ? "text-right tabular-nums" : ""}`} data-personal={c.personal ? "" : undefined} aria-busy={c.personal && revealed.pending ? true : undefined}><CellText {...cell(r, c)} /></td>)}
              </tr>
            ))}
            {data && data.items.length === 0 && <tr><td colSpan={visible.length} className="px-3 py-6 text-center text-zinc-600 dark:text-zinc-400">{t("nothing")}</td></tr>}
          </tbody>
        </table>
      </ScrollRegion>
      <nav aria-label={t("pages", { title })} className="flex items-center justify-end gap-2 text-sm">
        <button type="button" className={outlineButton()} disabled={page <= 1} onClick={() => void setUrl({ page: page - 1 })}>{t("previous")}</button>
        <span data-testid={`${testId}-page`}>{t("page", { page: f.number(page), pages: f.number(pages) })}</span>
        <button type="button" className={outlineButton()} disabled={page >= pages} onClick={() => void setUrl({ page: page + 1 })}>{t("next")}</button>
      </nav>
    </section>
  );
}

function CellText({ label, secondary }: CategoryLabel) {
  if (!secondary) return label;
  return <>{label}<span className="block text-xs text-zinc-600 dark:text-zinc-400">{secondary}</span></>;
}
