"use client";

import { useState } from "react";
import type { TableRow } from "@/lib/reports/revenue-view";
import { usePurchaseRows, type RowsState } from "./use-purchase-rows";

type Column = { key: keyof TableRow; label: string; numeric?: boolean; sort?: string; personal?: boolean };

const COLUMNS: Column[] = [
  { key: "id", label: "Purchase" },
  { key: "createdAt", label: "Created (UTC)", sort: "createdAt" },
  { key: "product", label: "Product", sort: "product" },
  { key: "offer", label: "Offer" },
  { key: "type", label: "Type", sort: "type" },
  { key: "method", label: "Payment", sort: "method" },
  { key: "country", label: "Country", sort: "country" },
  { key: "amount", label: "Amount", numeric: true, sort: "amount" },
  { key: "customer", label: "Customer", personal: true },
  { key: "email", label: "E-mail", personal: true },
];

const PAGE_SIZE = 50;

// Every purchase of the report, a page at a time, sorted on the server; customer details are
// masked until the user asks to see them (and masked again on the next visit).
export function PurchasesTable({ query, total, valueLabel, csvHref }: { query: string; total: number; valueLabel: string; csvHref: string }) {
  const [hidden, setHidden] = useState<Set<string>>(new Set(["offer"]));
  const [state, setState] = useState<RowsState>({ page: 1, pageSize: PAGE_SIZE, sort: "createdAt", dir: "desc", reveal: false });
  const { data, isFetching, error } = usePurchaseRows(query, state);
  const visible = COLUMNS.filter((c) => !hidden.has(c.key));
  const pages = Math.max(1, Math.ceil((data?.total ?? total) / state.pageSize));
  const toggleSort = (sort: string) => setState((s) => ({ ...s, page: 1, sort, dir: s.sort === sort && s.dir === "desc" ? "asc" : "desc" }));
  return (
    <section aria-labelledby="purchases-title" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="purchases-title" className="text-lg font-semibold">
          Purchases <span className="text-sm font-normal text-zinc-500">(<span data-testid="purchase-total">{total.toLocaleString("en-US")}</span>)</span>
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={state.reveal} onChange={(e) => setState((s) => ({ ...s, reveal: e.target.checked }))} /> Show customer details
          </label>
          <details className="relative">
            <summary className="cursor-pointer list-none rounded-md px-2 py-1 ring-1 ring-zinc-300 dark:ring-zinc-700">Columns</summary>
            <fieldset className="absolute right-0 z-10 mt-1 w-48 rounded-md border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
              <legend className="sr-only">Columns</legend>
              {COLUMNS.map((c) => (
                <label key={c.key} className="flex items-center gap-2 py-0.5">
                  <input type="checkbox" checked={!hidden.has(c.key)} onChange={() => setHidden((h) => { const n = new Set(h); if (n.has(c.key)) n.delete(c.key); else n.add(c.key); return n; })} />
                  {c.key === "amount" ? valueLabel : c.label}
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
                      {c.key === "amount" ? valueLabel : c.label}{state.sort === c.sort ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
                    </button>
                  ) : c.key === "amount" ? valueLabel : c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {(data?.items ?? []).map((r) => (
              <tr key={r.id} data-testid="purchase-row">
                {visible.map((c) => <td key={c.key} className={`whitespace-nowrap px-3 py-2 ${c.numeric ? "text-right tabular-nums" : ""}`} data-personal={c.personal ? "" : undefined}>{r[c.key]}</td>)}
              </tr>
            ))}
            {data && data.items.length === 0 && <tr><td colSpan={visible.length} className="px-3 py-6 text-center text-zinc-500">No purchases in this report.</td></tr>}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
        <button type="button" className="rounded-md px-2 py-1 ring-1 ring-zinc-300 disabled:opacity-40 dark:ring-zinc-700" disabled={state.page <= 1} onClick={() => setState((s) => ({ ...s, page: s.page - 1 }))}>Previous</button>
        <span data-testid="page-indicator">Page {data?.page ?? state.page} of {pages}</span>
        <button type="button" className="rounded-md px-2 py-1 ring-1 ring-zinc-300 disabled:opacity-40 dark:ring-zinc-700" disabled={state.page >= pages} onClick={() => setState((s) => ({ ...s, page: s.page + 1 }))}>Next</button>
      </nav>
    </section>
  );
}
