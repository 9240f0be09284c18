"use client";

import { useTranslations } from "next-intl";
import { useReportDay } from "./use-report-day";

// Stands where a KPI card's change would be when there is nothing to compare with: a
// percentage against nothing (or against one day of two years) would be noise.
export function NoComparisonData({ dataFrom = null }: { dataFrom?: string | null }) {
  const t = useTranslations("report.kpi");
  const day = useReportDay();
  const text = dataFrom ? t("noComparisonDataBefore", { day: day(dataFrom) }) : t("noComparisonData");
  return (
    <dd data-testid="no-comparison-data" aria-label={t("notShown", { reason: text })} className="text-xs text-zinc-600 dark:text-zinc-400">
      {text.charAt(0).toUpperCase() + text.slice(1)}
    </dd>
  );
}
