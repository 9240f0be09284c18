"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { RangeProgress } from "@/lib/reports/report-progress";
import { card } from "@/components/ui/surface";

/** Without a window done for this long (and no wait for the rate limit), the upstream is said to be slow. */
export const SLOW_AFTER_MS = 5_000;

/**
 * Seconds since the progress last moved, once that is at least SLOW_AFTER_MS; else null. A
 * count of windows that stands still says nothing by itself (issue #24: "0 of 2 windows" for 48 s).
 */
function useStalledSeconds(progress: RangeProgress | null): number | null {
  const mark = `${progress?.windowsDone ?? -1}/${progress?.windowsTotal ?? -1}`;
  const [stalled, setStalled] = useState<{ mark: string; seconds: number } | null>(null);
  useEffect(() => {
    const since = Date.now();
    const timer = setInterval(() => setStalled({ mark, seconds: Math.floor((Date.now() - since) / 1000) }), 1_000);
    return () => clearInterval(timer);
  }, [mark]);
  return stalled && stalled.mark === mark && stalled.seconds * 1000 >= SLOW_AFTER_MS ? stalled.seconds : null;
}

// Long fetches are visible: requests done of about how many, the wait when the rate limit queues, and a
// slow upstream when nothing moves for a few seconds.
export function FetchProgress({ progress }: { progress: RangeProgress | null }) {
  const t = useTranslations("report.progress");
  const stalled = useStalledSeconds(progress);
  // The total is an estimate that grows as the first answers tell how dense the days are: shown
  // as "about", and never taken back within one load (a total that shrank read as a jump).
  const estimate = progress === null ? 1 : Math.max(1, progress.windowsTotal);
  const [most, setMost] = useState(estimate);
  // Derived state, set while rendering (React's pattern for it): a new load starts from null.
  if (progress === null ? most !== 1 : estimate > most) setMost(estimate);
  const total = Math.max(most, estimate);
  const done = Math.min(total, progress?.windowsDone ?? 0);
  const waiting = progress !== null && progress.waitingMs > 0;
  return (
    <div role="status" aria-live="polite" data-testid="fetch-progress" className={card("p-4 text-sm")}>
      <div className="flex justify-between">
        <span>{t("fetching")}</span>
        <span className="tabular-nums">{progress ? t("windows", { done, total }) : t("starting")}</span>
      </div>
      <progress className="mt-2 h-2 w-full overflow-hidden rounded accent-emerald-600" max={total} value={done} aria-label={t("windowsLabel")} />
      {waiting && <p className="mt-2 text-amber-700 dark:text-amber-300">{t("waiting", { seconds: Math.ceil(progress.waitingMs / 1000) })}</p>}
      {!waiting && stalled !== null && (
        <p data-testid="fetch-slow" className="mt-2 text-amber-700 dark:text-amber-300">{t("slow", { seconds: stalled })}</p>
      )}
    </div>
  );
}
