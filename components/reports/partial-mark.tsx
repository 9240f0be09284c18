"use client";

import { useTranslations } from "next-intl";

// Beside a change against the comparison period whose figures are partial: the change is not
// exact, while the figure it belongs to may be.
export function PartialMark({ show }: { show: boolean }) {
  const t = useTranslations("report.kpi");
  if (!show) return null;
  return (
    <span data-testid="partial-delta" className="ml-1 rounded bg-amber-100 px-1 text-[10px] font-semibold uppercase text-amber-900 dark:bg-amber-900 dark:text-amber-100" title={t("partialTitle")}>
      {t("partial")}
    </span>
  );
}
