"use client";

import { useState } from "react";
import { useTableRows, type TableState } from "./use-table-rows";

export interface TableColumn<R> { key: keyof R & string; label: string; numeric?: boolean; sort?: string; personal?: boolean }

type Props<R> = {
  title: string;
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

// A report table a page at a time, sorted on the server over the whole range; customer details
// are masked, and not even sent, until the user asks to see them.
export function RecordsTable<R>({ title, endpoint, query, total, columns, defaultSort, defaultHidden = [], rowKey, csvHref, testId }: Props<R>) {
  const [hidden, setHidden] = useState<Set<string>>(new Set(defaultHidden));
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 50, sort: defaultSort, dir: "desc", reveal: false });
  const { data, isFetching, error } = useTableRows<R>(endpoint, query, state);
  const visible = columns.filter((c) => !hidden.has(c.key));
  const pages = Math.max(1, Math.ceil((data?.total ?? total) / state.pageSize));
  const toggleSort = (sort: string) => setState((s) => ({ ...s, page: 1, sort, dir: s.sort === sort && s.dir === "desc" ? "asc" : "desc" }));
  const toggleColumn = (key: string) => setHidden((h) => { const n = new Set(h); if (n.has(key)) n.delete(key); else n.add(key); return n; });
  return (
    <section aria-label={title} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {title} <span className="text-sm font-normal text-zinc-500">(<span data-testid={`${testId}-total`}>{total.toLocaleString("en-US")}</span>)</span>
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={state.reveal} onChange={(e) => setState((s) => ({ ...s, reveal: e.target.checked }))} /> Show customer details
          </label>
          <details className="relative">
            <summary className="cursor-pointer list-none rounded-md px-2 py-1 ring-1 ring-zinc-300 dark:ring-zinc-700">Columns</summary>
            <fieldset className="absolute right-0 z-10 mt-1 w-48 rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
              <legend className="sr-only">Columns</legend>
              {columns.map((c) => (
                <label key={c.key} className="flex items-center gap-2 py-0.5">
                  <input type="checkbox" checked={!hidden.has(c.key)} onChange={() => toggleColumn(c.key)} /> {c.label}
                </label>
              ))}
            </fieldset>
          </details>
          <a className="underline" href={csvHref}>CSV of all {total.toLocaleString("en-US")}</a>
        </div>
      </div>
      {error && <p role="alert" className="text-sm text-red-700">{error.message}</p>}
      <div className={`overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800 ${isFetching ? "opacity-70" : ""}`}>
        <table className="min-w-full text-sm">
          <thead className="bg-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
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
                {visible.map((c) => <td key={c.key} className={`whitespace-nowrap px-3 py-2 ${c.numeric ? "text-right tabular-nums" : ""}`} data-personal={c.personal ? "" : undefined}>{String(r[c.key] ?? "")}</td>)}
              </tr>
            ))}
            {data && data.items.length === 0 && <tr><td colSpan={visible.length} className="px-3 py-6 text-center text-zinc-500">Nothing in this report.</td></tr>}
          </tbody>
        </table>
      </div>
      <nav aria-label={`${title} pages`} className="flex items-center justify-end gap-2 text-sm">
        <button type="button" className="rounded-md px-2 py-1 ring-1 ring-zinc-300 disabled:opacity-40 dark:ring-zinc-700" disabled={state.page <= 1} onClick={() => setState((s) => ({ ...s, page: s.page - 1 }))}>Previous</button>
        <span data-testid={`${testId}-page`}>Page {data?.page ?? state.page} of {pages}</span>
        <button type="button" className="rounded-md px-2 py-1 ring-1 ring-zinc-300 disabled:opacity-40 dark:ring-zinc-700" disabled={state.page >= pages} onClick={() => setState((s) => ({ ...s, page: s.page + 1 }))}>Next</button>
      </nav>
    </section>
  );
}
