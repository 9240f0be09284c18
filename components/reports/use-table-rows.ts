"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSessionScope } from "@/components/providers/session-scope";
import { actionFailureText, type ActionFailure } from "@/lib/actions/action-result";

export interface TableState { page: number; pageSize: number; sort: string; dir: "asc" | "desc" }

/** One server-sorted page of a report table, always masked (details come from useCustomerDetails). */
export function useTableRows<R>(endpoint: string, query: string, state: TableState) {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [scope, "report:rows", endpoint, query, state],
    queryFn: async ({ signal }) => {
      const extra = new URLSearchParams({ page: String(state.page), pageSize: String(state.pageSize), sort: state.sort, dir: state.dir });
      const response = await fetch(`${endpoint}?${query}&${extra}`, { signal });
      if (!response.ok) throw new Error(await rowsFailure(response));
      return (await response.json()) as { total: number; page: number; items: R[] };
    },
    placeholderData: keepPreviousData,
  });
}

/** The route's sentence, with its reference when it gave one (its error body is an action failure's shape). */
async function rowsFailure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: ActionFailure } | null;
  return actionFailureText({ code: body?.error?.code ?? "unknown", message: body?.error?.message ?? "The rows could not be loaded. Reload the page.", correlation_id: body?.error?.correlation_id });
}
