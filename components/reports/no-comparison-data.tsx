import { noComparisonDataText } from "@/lib/reports/no-comparison-data";

// Stands where a KPI card's change would be when there is nothing to compare with: a
// percentage against nothing (or against one day of two years) would be noise.
export function NoComparisonData({ dataFrom = null }: { dataFrom?: string | null }) {
  const text = noComparisonDataText(dataFrom);
  return (
    <dd data-testid="no-comparison-data" aria-label={`Change not shown: ${text}`} className="text-xs text-zinc-600 dark:text-zinc-400">
      {text.charAt(0).toUpperCase() + text.slice(1)}
    </dd>
  );
}
