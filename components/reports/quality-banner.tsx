"use client";

import { useTranslations } from "next-intl";
import { dayRuns, type PeriodQuality, type ReportQuality } from "@/lib/reports/report-quality";
import { useReportDay } from "./use-report-day";

type Range = { from: string; to: string } | null;

function PeriodProblems({ quality, period }: { quality: PeriodQuality; period: "current" | "comparison" }) {
  const t = useTranslations("report.quality");
  const day = useReportDay();
  return (
    <>
      {quality.incompleteDays.length > 0 && (
        <p className="mt-1">{t("incompleteDays", { days: quality.incompleteDays.map(day).join(", ") })}</p>
      )}
      {quality.unfetchedDays.length > 0 && (
        <p className="mt-1" data-testid="quality-unfetched">
          {t("unfetched", { days: dayRuns(quality.unfetchedDays).map((r) => (r.from === r.to ? day(r.from) : `${day(r.from)}–${day(r.to)}`)).join(", "), why: quality.unreachable ? "unreachable" : "slow" })}
        </p>
      )}
      {quality.invalidRecords > 0 && (
        <p className="mt-1">{t("invalid", { count: String(quality.invalidRecords), period, refs: quality.correlationIds.length ? quality.correlationIds.join(", ") : "none" })}</p>
      )}
    </>
  );
}

// Says plainly when figures are not the whole truth, which period is affected, and why.
export function QualityBanner({ quality, comparison = null }: { quality: ReportQuality; comparison?: Range }) {
  const t = useTranslations("report.quality");
  const day = useReportDay();
  const comparisonPartial = quality.comparison !== null && !quality.comparison.complete;
  if (quality.complete && !comparisonPartial && quality.missingCurrency === 0 && quality.oddShapes === 0) return null;
  const range = comparison ? t("range", { from: day(comparison.from), to: day(comparison.to) }) : "";
  const assumed = quality.assumedCurrency;
  return (
    <div role="status" data-testid="quality-banner" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {!quality.complete && (
        <div data-testid="quality-current">
          <p className="font-semibold">{t("incompleteTitle")}</p>
          <PeriodProblems quality={quality} period="current" />
        </div>
      )}
      {comparisonPartial && quality.comparison && (
        <div data-testid="quality-comparison" className={quality.complete ? "" : "mt-2"}>
          <p className="font-semibold">{quality.complete ? t("comparisonExact", { range }) : t("comparisonToo", { range })}</p>
          <PeriodProblems quality={quality.comparison} period="comparison" />
        </div>
      )}
      {quality.missingCurrency > 0 && (
        <p data-testid="quality-currency" className="mt-1">
          {!assumed || assumed.source === "none"
            ? t("currencyUnknown", { count: quality.missingCurrency })
            : t("currencyAssumed", { count: quality.missingCurrency, code: assumed.currency.toUpperCase(), source: assumed.source === "setting" ? "setting" : "common" })}
        </p>
      )}
      {quality.oddShapes > 0 && <p className="mt-1">{t("oddShapes", { count: String(quality.oddShapes), complete: quality.complete ? "yes" : "no" })}</p>}
    </div>
  );
}
