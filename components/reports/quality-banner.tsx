import { dayRuns, type ReportQuality } from "@/lib/reports/report-quality";

// Says plainly when figures are not the whole truth, and why.
export function QualityBanner({ quality }: { quality: ReportQuality }) {
  if (quality.complete && quality.missingCurrency === 0) return null;
  return (
    <div role="status" data-testid="quality-banner" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {!quality.complete && <p className="font-semibold">These totals are incomplete.</p>}
      {quality.incompleteDays.length > 0 && (
        <p className="mt-1">On {quality.incompleteDays.join(", ")} a single day held more than 5000 records: the Sales API returned only its newest 5000, so older sales of that day are missing.</p>
      )}
      {quality.unfetchedDays.length > 0 && (
        <p className="mt-1" data-testid="quality-unfetched">
          Figures for {dayRuns(quality.unfetchedDays).map((r) => (r.from === r.to ? r.from : `${r.from}–${r.to}`)).join(", ")} are missing: the Sales API did not answer in time.
        </p>
      )}
      {quality.invalidRecords > 0 && (
        <p className="mt-1">{quality.invalidRecords} record(s) came in a shape we cannot read and are left out{quality.correlationIds.length ? ` (reference ${quality.correlationIds.join(", ")})` : ""}.</p>
      )}
      {quality.missingCurrency > 0 && (
        <p className="mt-1">{quality.missingCurrency} record(s) came without a currency we could tell and are shown under “unknown”.</p>
      )}
    </div>
  );
}
