"use client";

import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import { refreshRangeAction } from "@/lib/actions/mirror/refresh-range";
import { useFormats } from "@/components/i18n/use-formats";
import { asOfParts, type DataFreshness } from "@/lib/reports/data-freshness";
import { useFailureText } from "@/components/i18n/use-failure-text";

// "Data as of 12:04", which days were last read longer ago than what, and "Refresh now": the button marks the report's days stale in the
// account's mirror, then loads the report again (its streamed view and its tables, through
// the tab's query cache), pending until it is back.
export function DataFreshnessLine({ freshness, timeZone }: { freshness: DataFreshness | null; timeZone: string }) {
  const t = useTranslations("report.freshness");
  const { failure: failureText } = useFailureText();
  const { locale, day } = useFormats();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  if (!freshness) return null;

  // "Data as of 12:04", with the older part when the summary has one, in the reader's words.
  const asOf = (ms: number) => t("asOf", { ...asOfParts(ms, freshness.computedAt, timeZone, locale) });
  const sentence = () => {
    const recent = t("dataAsOf", { asOf: asOf(freshness.asOf) });
    return freshness.older ? t("olderAsOf", { recent, day: day(freshness.older.before), asOf: asOf(freshness.older.asOf) }) : recent;
  };
  // Which days are older than what: the figures that may lag the upstream.
  const stale = freshness.stale && t("staleDays", { count: freshness.stale.count, mark: freshness.stale.mark, days: freshness.stale.days.map(day).join("; "), more: freshness.stale.count - freshness.stale.days.length });

  const refresh = () =>
    startTransition(async () => {
      setFailure(null);
      try {
        const result = await refreshRangeAction({ spans: freshness.spans });
        if (!result.ok) return setFailure(t("couldNotRefresh", { reason: failureText(result.error) }));
        await queryClient.invalidateQueries();
      } catch {
        setFailure(t("noAnswer"));
      }
    });

  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
      <span data-testid="data-freshness">{sentence()}</span>
      {stale && <span data-testid="data-freshness-stale">{stale}</span>}
      <button type="button" onClick={refresh} disabled={pending} aria-busy={pending}
        className="rounded px-1.5 py-0.5 font-medium text-zinc-700 underline underline-offset-2 hover:bg-zinc-100 disabled:cursor-wait disabled:no-underline disabled:opacity-60 dark:text-zinc-300 dark:hover:bg-zinc-800">
        {pending ? t("refreshingButton") : t("refreshNow")}
      </button>
      <span role="status" aria-live="polite" className="sr-only">{pending ? t("refreshingStatus") : ""}</span>
      {failure && <span role="alert" data-testid="refresh-failure" className="basis-full text-red-700 dark:text-red-400">{failure}</span>}
    </div>
  );
}
