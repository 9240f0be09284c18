// Whether a report's figures are the whole truth, from the range reports of its fetches: one
// summary for every report, shown by QualityBanner. The shown period and the comparison
// period are judged apart: a gap in the comparison makes the changes partial, not the totals.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { shiftDay } from "@/lib/calendar";
import { dataFreshness, type DataFreshness } from "@/lib/reports/data-freshness";
import type { RangeReport } from "@/lib/mirror/range-types";

export interface PeriodQuality {
  complete: boolean;
  /** Days that alone held more than the API's limit. */
  incompleteDays: string[];
  /** Days the Sales API did not answer for before the deadline: their figures are missing. */
  unfetchedDays: string[];
  /** Some of them because the Sales API could not be reached at all, not because it was slow. */
  unreachable?: boolean;
  /** Records that broke the schema, left out. */
  invalidRecords: number;
  /** The upstream references of those records (a few). */
  correlationIds: string[];
  /** Records accepted with an amount written as text, read exactly (the figures stay whole). */
  oddShapes: number;
}

export interface ReportQuality extends PeriodQuality {
  /** Records of the shown period that came without a currency... */
  missingCurrency: number;
  /** ...and the currency they are counted in (null when none was missing). */
  assumedCurrency: CurrencyAssumption | null;
  /** The comparison period's own quality; null without a comparison. */
  comparison: PeriodQuality | null;
  /** How fresh the days of both periods are (data-freshness.ts); null when no day was fetched. */
  freshness: DataFreshness | null;
}

export interface ReportFetches {
  current: readonly RangeReport[];
  /** Null when the report has no comparison period. */
  comparison?: readonly RangeReport[] | null;
}

export function periodQuality(reports: readonly RangeReport[]): PeriodQuality {
  const invalid = reports.flatMap((r) => r.invalidRecords);
  return {
    complete: reports.every((r) => r.complete),
    incompleteDays: [...new Set(reports.flatMap((r) => r.incompleteDays))].sort(),
    unfetchedDays: [...new Set(reports.flatMap((r) => r.unfetchedDays))].sort(),
    unreachable: reports.some((r) => r.unreachable === true),
    invalidRecords: invalid.length,
    correlationIds: [...new Set(invalid.map((r) => r.correlationId).filter((id): id is string => Boolean(id)))].slice(0, 5),
    oddShapes: reports.reduce((sum, r) => sum + r.oddShapeRecords, 0),
  };
}

export function reportQuality(fetches: ReportFetches, missing: { records: number; currency: CurrencyAssumption } | null = null, now: number = Date.now()): ReportQuality {
  const missingCurrency = missing?.records ?? 0;
  return {
    ...periodQuality(fetches.current),
    missingCurrency,
    assumedCurrency: missing && missingCurrency > 0 ? missing.currency : null,
    comparison: fetches.comparison ? periodQuality(fetches.comparison) : null,
    freshness: dataFreshness([...fetches.current, ...(fetches.comparison ?? [])], now),
  };
}

/** True when the changes against the comparison period rest on partial figures (either side). */
export function deltasArePartial(quality: ReportQuality): boolean {
  return !quality.complete || (quality.comparison !== null && !quality.comparison.complete);
}

/** Consecutive days as inclusive runs, for saying "D1–D2" instead of listing every day. */
export function dayRuns(days: readonly string[]): Array<{ from: string; to: string }> {
  const runs: Array<{ from: string; to: string }> = [];
  for (const day of [...days].sort()) {
    const last = runs.at(-1);
    if (last && shiftDay(last.to, 1) === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}
