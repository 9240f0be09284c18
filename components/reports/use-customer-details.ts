"use client";

import { useEffect, useState } from "react";
import { revealCustomerDetailsAction } from "@/lib/actions/reports/reveal-customer-details";
import { useTranslations } from "next-intl";
import { useFailureText } from "@/components/i18n/use-failure-text";
import type { TableName } from "@/lib/report-params/table-url-parsers";

type Details = Record<string, Record<string, string>>;

/**
 * The customer details of the rows on screen, asked of the reveal action while `enabled` (the
 * user ticked "Show customer details"), again for each new page of rows. The rows themselves
 * stay masked: the details are laid over them here, in the browser, and kept nowhere else.
 */
export function useCustomerDetails(table: TableName, query: string, ids: readonly string[] | undefined, enabled: boolean) {
  const t = useTranslations("report.tables");
  const { failure: failureText } = useFailureText();
  const idsKey = ids?.join("\n") ?? "";
  const requestKey = `${table}\n${query}\n${idsKey}`;
  const [answer, setAnswer] = useState<{ key: string; details?: Details; error?: string } | null>(null);
  useEffect(() => {
    if (!enabled || idsKey === "") return;
    let live = true;
    revealCustomerDetailsAction({ table, query, ids: idsKey.split("\n") })
      .then((result) => {
        if (live) setAnswer(result.ok ? { key: requestKey, details: result.data } : { key: requestKey, error: failureText(result.error) });
      })
      .catch(() => {
        if (live) setAnswer({ key: requestKey, error: t("detailsFailed") });
      });
    return () => {
      live = false;
    };
  }, [enabled, table, query, idsKey, requestKey, t, failureText]);
  const current = enabled && answer?.key === requestKey ? answer : null;
  return { details: current?.details ?? null, error: current?.error ?? null, pending: enabled && idsKey !== "" && current === null };
}
