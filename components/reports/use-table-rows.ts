"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TableRow } from "@/lib/reports/revenue-view";

export interface RowsState { page: number; pageSize: number; sort: string; dir: "asc" | "desc"; reveal: boolean }

/** One server-sorted page of the purchases table. */
export function usePurchaseRows(query: string, state: RowsState) {
  return useQuery({
    queryKey: ["revenue:rows", query, state],
    queryFn: async ({ signal }) => {
      const extra = new URLSearchParams({ page: String(state.page), pageSize: String(state.pageSize), sort: state.sort, dir: state.dir, reveal: state.reveal ? "1" : "0" });
      const response = await fetch(`/api/reports/revenue/rows?${query}&${extra}`, { signal });
      if (!response.ok) throw new Error(((await response.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? "The rows could not be loaded.");
      return (await response.json()) as { total: number; page: number; items: TableRow[] };
    },
    placeholderData: keepPreviousData,
  });
}
