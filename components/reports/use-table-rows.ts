"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";

export interface TableState { page: number; pageSize: number; sort: string; dir: "asc" | "desc" }

/** One server-sorted page of a report table, always masked (details come from useCustomerDetails). */
export function useTableRows<R>(endpoint: string, query: string, state: TableState) {
  return useQuery({
    queryKey: ["report:rows", endpoint, query, state],
    queryFn: async ({ signal }) => {
      const extra = new URLSearchParams({ page: String(state.page), pageSize: String(state.pageSize), sort: state.sort, dir: state.dir });
      const response = await fetch(`${endpoint}?${query}&${extra}`, { signal });
      if (!response.ok) throw new Error(((await response.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? "The rows could not be loaded.");
      return (await response.json()) as { total: number; page: number; items: R[] };
    },
    placeholderData: keepPreviousData,
  });
}
