import type { PeriodQuality } from "@/lib/reports/report-quality";

// Next to the download buttons: a CSV of an incomplete report lacks the same records.
export function CsvIncompleteNote({ quality }: { quality: PeriodQuality }) {
  if (quality.complete) return null;
  return (
    <span data-testid="csv-incomplete" className="text-xs text-amber-800 dark:text-amber-300">
      The downloads lack the same records: their names end in “-incomplete”.
    </span>
  );
}
