"use client";

import { useTranslations } from "next-intl";
import type { RangeProgress } from "@/lib/reports/report-progress";

// Long fetches are visible: windows done of total, and the wait when the rate limit queues.
export function FetchProgress({ progress }: { progress: RangeProgress | null }) {
  const t = useTranslations("report.progress");
  const total = Math.max(1, progress?.windowsTotal ?? 1);
  const done = Math.min(total, progress?.windowsDone ?? 0);
  return (
    <div role="status" aria-live="polite" data-testid="fetch-progress" className="rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex justify-between">
        <span>{t("fetching")}</span>
        <span className="tabular-nums">{progress ? t("windows", { done, total }) : t("starting")}</span>
      </div>
      <progress className="mt-2 h-2 w-full overflow-hidden rounded accent-emerald-600" max={total} value={done} aria-label={t("windowsLabel")} />
      {progress && progress.waitingMs > 0 && (
        <p className="mt-2 text-amber-700 dark:text-amber-300">{t("waiting", { seconds: Math.ceil(progress.waitingMs / 1000) })}</p>
      )}
    </div>
  );
}
