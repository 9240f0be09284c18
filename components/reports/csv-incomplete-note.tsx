"use client";

import { useTranslations } from "next-intl";
import type { ReportQuality } from "@/lib/reports/report-quality";

// Next to the download buttons: a CSV of an incomplete report lacks the same records. Files
// that hold the comparison period's figures (`comparisonFiles`) are incomplete with it.
export function CsvIncompleteNote({ quality, comparisonFiles }: { quality: ReportQuality; comparisonFiles?: string }) {
  const t = useTranslations("report.csv");
  const comparisonPartial = comparisonFiles !== undefined && quality.comparison !== null && !quality.comparison.complete;
  if (quality.complete && !comparisonPartial) return null;
  return (
    <span data-testid="csv-incomplete" className="text-xs text-amber-800 dark:text-amber-300">
      {quality.complete
        ? t("comparisonIncomplete", { files: comparisonFiles ?? "" })
        : t("incomplete")}
    </span>
  );
}
