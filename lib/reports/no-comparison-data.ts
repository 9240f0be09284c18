// The words every report (cards and CSVs) uses instead of a change when the comparison period
// has no data to compare with: one sentence, so the pages and files never disagree.
export function noComparisonDataText(dataFrom: string | null = null): string {
  return dataFrom ? `no data in the comparison period before ${dataFrom}` : "no data in the comparison period";
}
