"use client";

import { useTranslations } from "next-intl";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { dayRuns, type PeriodQuality, type ReportQuality } from "@/lib/reports/report-quality";
import { useReportDay } from "./use-report-day";
import { warning } from "@/components/ui/surface";

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
          {t("unfetched", { days: dayRuns(quality.unfetchedDays).map((r) => (r.from === r.to ? day(r.from) : `${day(r.from)} – ${day(r.to)}`)).join("; "), why: quality.unreachable ? "unreachable" : "slow" })}
        </p>
      )}
      {quality.invalidRecords > 0 && (
        <p className="mt-1">{t("invalid", { count: String(quality.invalidRecords), period, refs: quality.correlationIds.length ? quality.correlationIds.join(", ") : "none" })}</p>
      )}
    </>
  );
}

// Says plainly when figures are not the whole truth, which period is affected, and why.
/** How records without a currency were placed: by their offer (and how), the setting, or "unknown" per offer. */
function CurrencyNote({ count, assumed }: { count: number; assumed: CurrencyAssumption | null }) {
  const t = useTranslations("report.quality");
  // Without a tally (carts, which never carry one) every such record is unknown.
  const tally = assumed?.tally ?? { catalog: 0, sameOffer: 0, setting: 0, unknown: count, inferredIn: [] };
  const code = (assumed?.currency ?? "").toUpperCase();
  const parts = [
    tally.catalog > 0 && <span key="catalog" data-testid="quality-currency-catalog">{t("currencyCatalog", { count: tally.catalog })}</span>,
    tally.sameOffer > 0 && <span key="same" data-testid="quality-currency-same-offer">{t("currencySameOffer", { count: tally.sameOffer })}</span>,
    tally.setting > 0 && <span key="setting" data-testid="quality-currency-setting">{t("currencySetting", { count: tally.setting, code })}</span>,
    tally.unknown > 0 && <span key="unknown" data-testid="quality-currency-unknown">{t("currencyUnknown", { count: tally.unknown })}</span>,
  ].filter(Boolean);
  const onlyUnknown = tally.unknown === count;
  return (
    <p data-testid="quality-currency" className="mt-1">
      {!onlyUnknown && <>{t("currencyMissing", { count })} </>}
      {parts.map((part, i) => (
        <span key={i}>{i > 0 && " "}{part}</span>
      ))}
    </p>
  );
}

export function QualityBanner({ quality, comparison = null }: { quality: ReportQuality; comparison?: Range }) {
  const t = useTranslations("report.quality");
  const day = useReportDay();
  const comparisonPartial = quality.comparison !== null && !quality.comparison.complete;
  if (quality.complete && !comparisonPartial && quality.missingCurrency === 0 && quality.oddShapes === 0) return null;
  const range = comparison ? t("range", { from: day(comparison.from), to: day(comparison.to) }) : "";
  const assumed = quality.assumedCurrency;
  return (
    <div role="status" data-testid="quality-banner" className={warning("p-4 text-sm")}>
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
      {quality.missingCurrency > 0 && <CurrencyNote count={quality.missingCurrency} assumed={assumed} />}
      {quality.oddShapes > 0 && <p className="mt-1">{t("oddShapes", { count: String(quality.oddShapes), complete: quality.complete ? "yes" : "no" })}</p>}
    </div>
  );
}
