// Whether a report's figures are the whole truth, from the range reports of its fetches:
// one summary for every report, shown by QualityBanner.
import type { RangeReport } from "@/lib/sales-api/fetch-range";

export interface ReportQuality {
  complete: boolean;
  /** Days that alone held more than the API's limit. */
  incompleteDays: string[];
  /** Days the Sales API did not answer for before the deadline: their figures are missing. */
  unfetchedDays: string[];
  /** Records that broke the schema, left out. */
  invalidRecords: number;
  /** The upstream references of those records (a few). */
  correlationIds: string[];
  /** Records placed under "unknown" for want of a currency. */
  missingCurrency: number;
}

export function reportQuality(reports: readonly RangeReport[], missingCurrency: number): ReportQuality {
  const invalid = reports.flatMap((r) => r.invalidRecords);
  return {
    complete: reports.every((r) => r.complete),
    incompleteDays: [...new Set(reports.flatMap((r) => r.incompleteDays))].sort(),
    unfetchedDays: [...new Set(reports.flatMap((r) => r.unfetchedDays))].sort(),
    invalidRecords: invalid.length,
    correlationIds: [...new Set(invalid.map((r) => r.correlationId).filter((id): id is string => Boolean(id)))].slice(0, 5),
    missingCurrency,
  };
}

/** Consecutive days as inclusive runs, for saying "D1–D2" instead of listing every day. */
export function dayRuns(days: readonly string[]): Array<{ from: string; to: string }> {
  const runs: Array<{ from: string; to: string }> = [];
  for (const day of [...days].sort()) {
    const last = runs.at(-1);
    const next = last && new Date(Date.parse(`${last.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (last && next === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}
