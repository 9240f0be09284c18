"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSessionScope } from "@/components/providers/session-scope";
import { useTranslations } from "next-intl";
import { useFailureText } from "@/components/i18n/use-failure-text";
import type { ActionFailure } from "@/lib/actions/action-result";

export interface TableState { page: number; pageSize: number; sort: string; dir: "asc" | "desc" }

/** One server-sorted page of a report table, always masked (details come from useCustomerDetails). */
export function useTableRows<R>(endpoint: string, query: string, state: TableState) {
  const scope = useSessionScope();
  const t = useTranslations("report.tables");
  const { failure: failureText } = useFailureText();
  return useQuery({
    queryKey: [scope, "report:rows", endpoint, query, state],
    queryFn: async ({ signal }) => {
      const extra = new URLSearchParams({ page: String(state.page), pageSize: String(state.pageSize), sort: state.sort, dir: state.dir });
      const response = await fetch(`${endpoint}?${query}&${extra}`, { signal });
      if (!response.ok) throw new Error(failureText(await rowsFailure(response, t("rowsFailed"))));
      return (await response.json()) as { total: number; page: number; items: R[] };
    },
    placeholderData: keepPreviousData,
  });
}

/** The route's failure, with its reference when it gave one (its error body is an action failure's shape). */
async function rowsFailure(response: Response, fallback: string): Promise<ActionFailure> {
  const body = (await response.json().catch(() => null)) as { error?: ActionFailure } | null;
  return { code: body?.error?.code ?? "unknown", message: body?.error?.message ?? fallback, correlation_id: body?.error?.correlation_id };
}
