// Whether a report's figures are the whole truth, from the range reports of its fetches:
// one summary for every report, shown by QualityBanner.
import type { RangeReport } from "@/lib/sales-api/fetch-range";

export interface ReportQuality {
  complete: boolean;
  /** Days that alone held more than the API's limit. */
  incompleteDays: string[];
  /** Records that broke the schema, left out. */
  invalidRecords: number;
  /** The upstream references of those records (a few). */
  correlationIds: string[];
  /** Records placed under "unknown" for want of a currency. */
  missingCurrency: number;
  /** Records accepted with an amount written as text, read exactly (the figures stay whole). */
  oddShapes: number;
}

export function reportQuality(reports: readonly RangeReport[], missingCurrency: number): ReportQuality {
  const invalid = reports.flatMap((r) => r.invalidRecords);
  return {
    complete: reports.every((r) => r.complete),
    incompleteDays: [...new Set(reports.flatMap((r) => r.incompleteDays))].sort(),
    invalidRecords: invalid.length,
    correlationIds: [...new Set(invalid.map((r) => r.correlationId).filter((id): id is string => Boolean(id)))].slice(0, 5),
    missingCurrency,
    oddShapes: reports.reduce((sum, r) => sum + r.oddShapeRecords, 0),
  };
}
