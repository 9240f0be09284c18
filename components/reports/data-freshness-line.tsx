"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import { refreshRangeAction } from "@/lib/actions/mirror/refresh-range";
import { freshnessSentence, type DataFreshness } from "@/lib/reports/data-freshness";
import { actionFailureText } from "@/lib/actions/action-result";

// "Data as of 12:04" and "Refresh now": the button marks the report's days stale in the
// account's mirror, then loads the report again (its streamed view and its tables, through
// the tab's query cache), pending until it is back.
export function DataFreshnessLine({ freshness, timeZone }: { freshness: DataFreshness | null; timeZone: string }) {
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<string | null>(null);
  if (!freshness) return null;

  const refresh = () =>
    startTransition(async () => {
      setFailure(null);
      try {
        const result = await refreshRangeAction({ spans: freshness.spans });
        if (!result.ok) return setFailure(`Could not refresh: ${actionFailureText(result.error)}`);
        await queryClient.invalidateQueries();
      } catch {
        setFailure("Could not refresh: the dashboard did not answer. Check your connection and try again.");
      }
    });

  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
      <span data-testid="data-freshness">{freshnessSentence(freshness, timeZone)}</span>
      <button type="button" onClick={refresh} disabled={pending} aria-busy={pending}
        className="rounded px-1.5 py-0.5 font-medium text-zinc-700 underline underline-offset-2 hover:bg-zinc-100 disabled:cursor-wait disabled:no-underline disabled:opacity-60 dark:text-zinc-300 dark:hover:bg-zinc-800">
        {pending ? "Refreshing…" : "Refresh now"}
      </button>
      <span role="status" aria-live="polite" className="sr-only">{pending ? "Refreshing the report from the Sales API." : ""}</span>
      {failure && <span role="alert" data-testid="refresh-failure" className="basis-full text-red-700 dark:text-red-400">{failure}</span>}
    </div>
  );
}
