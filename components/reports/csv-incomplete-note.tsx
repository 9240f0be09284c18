import type { ReportQuality } from "@/lib/reports/report-quality";

// Next to the download buttons: a CSV of an incomplete report lacks the same records. Files
// that hold the comparison period's figures (`comparisonFiles`) are incomplete with it.
export function CsvIncompleteNote({ quality, comparisonFiles }: { quality: ReportQuality; comparisonFiles?: string }) {
  const comparisonPartial = comparisonFiles !== undefined && quality.comparison !== null && !quality.comparison.complete;
  if (quality.complete && !comparisonPartial) return null;
  return (
    <span data-testid="csv-incomplete" className="text-xs text-amber-800 dark:text-amber-300">
      {quality.complete
        ? `The ${comparisonFiles} downloads hold the incomplete comparison period: their names end in “-incomplete”.`
        : "The downloads lack the same records: their names end in “-incomplete”."}
    </span>
  );
}
