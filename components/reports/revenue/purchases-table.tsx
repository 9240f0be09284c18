"use client";

import { useState } from "react";
import type { RevenueView, TableRow } from "@/lib/reports/revenue-view";

type Column = { key: keyof TableRow; label: string; numeric?: boolean };

const COLUMNS: Column[] = [
  { key: "id", label: "Purchase" },
  { key: "createdAt", label: "Created (UTC)" },
  { key: "product", label: "Product" },
  { key: "offer", label: "Offer" },
  { key: "type", label: "Type" },
  { key: "method", label: "Payment" },
  { key: "country", label: "Country" },
  { key: "amount", label: "Amount", numeric: true },
  { key: "customer", label: "Customer" },
  { key: "email", label: "E-mail" },
];

// The newest purchases of the report (customer details masked on the server), with column
// choice and sorting of the rows shown; the CSV holds the whole filtered range.
export function PurchasesTable({ rows, valueLabel, csvHref }: { rows: RevenueView["rows"]; valueLabel: string; csvHref: string }) {
  const [hidden, setHidden] = useState<Set<string>>(new Set(["offer"]));
  const [sort, setSort] = useState<{ key: keyof TableRow; dir: 1 | -1 } | null>(null);
  const visible = COLUMNS.filter((c) => !hidden.has(c.key));
  const sorted = sort ? [...rows.items].sort((a, b) => (a[sort.key] < b[sort.key] ? -sort.dir : a[sort.key] > b[sort.key] ? sort.dir : 0)) : rows.items;
  return (
    <section aria-labelledby="purchases-title" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="purchases-title" className="text-lg font-semibold">
          Purchases <span className="text-sm font-normal text-zinc-500">({rows.items.length} newest of <span data-testid="purchase-total">{rows.total.toLocaleString("en-US")}</span>; customer details masked)</span>
        </h2>
        <div className="flex items-center gap-3 text-sm">
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
          <a className="underline" href={csvHref}>CSV of all {rows.total.toLocaleString("en-US")}</a>
        </div>
      </div>
      <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
        <table className="min-w-full text-sm">
          <thead className="bg-zinc-100 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              {visible.map((c) => (
                <th key={c.key} scope="col" aria-sort={sort?.key === c.key ? (sort.dir === 1 ? "ascending" : "descending") : "none"} className={`px-3 py-2 font-medium ${c.numeric ? "text-right" : ""}`}>
                  <button type="button" className="uppercase" onClick={() => setSort((s) => ({ key: c.key, dir: s?.key === c.key && s.dir === 1 ? -1 : 1 }))}>
                    {c.key === "amount" ? valueLabel : c.label}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {sorted.map((r) => (
              <tr key={r.id} data-testid="purchase-row">
                {visible.map((c) => <td key={c.key} className={`whitespace-nowrap px-3 py-2 ${c.numeric ? "text-right tabular-nums" : ""}`}>{r[c.key]}</td>)}
              </tr>
            ))}
            {sorted.length === 0 && <tr><td colSpan={visible.length} className="px-3 py-6 text-center text-zinc-500">No purchases in this report.</td></tr>}
          </tbody>
        </table>
      </div>
    </section>
  );
}
