import { dayRuns, type PeriodQuality, type ReportQuality } from "@/lib/reports/report-quality";

type Range = { from: string; to: string } | null;

function PeriodProblems({ quality, reference }: { quality: PeriodQuality; reference: string }) {
  return (
    <>
      {quality.incompleteDays.length > 0 && (
        <p className="mt-1">On {quality.incompleteDays.join(", ")} a single day held more than 5000 records: the Sales API returned only its newest 5000, so older sales of those days are missing.</p>
      )}
      {quality.unfetchedDays.length > 0 && (
        <p className="mt-1" data-testid="quality-unfetched">
          Figures for {dayRuns(quality.unfetchedDays).map((r) => (r.from === r.to ? r.from : `${r.from}–${r.to}`)).join(", ")} are missing: the Sales API did not answer in time.
        </p>
      )}
      {quality.invalidRecords > 0 && (
        <p className="mt-1">{quality.invalidRecords} record(s) of {reference} came in a shape we cannot read and are left out{quality.correlationIds.length ? ` (reference ${quality.correlationIds.join(", ")})` : ""}.</p>
      )}
    </>
  );
}

function currencySentence({ missingCurrency: n, assumedCurrency: assumed }: ReportQuality): string {
  const records = `${n} record${n === 1 ? "" : "s"}`;
  if (!assumed || assumed.source === "none") return `${records} came without a currency we could tell and ${n === 1 ? "is" : "are"} shown under “unknown”. You can set the currency of sales without one in the account menu.`;
  const code = assumed.currency.toUpperCase();
  const why = assumed.source === "setting" ? "the currency set for this account" : "the most common currency of this account's sales in the range";
  return `${records} came without a currency and ${n === 1 ? "is" : "are"} counted in ${code}, ${why} (currency assumed: ${code}). Change it in the account menu.`;
}

// Says plainly when figures are not the whole truth, which period is affected, and why.
export function QualityBanner({ quality, comparison = null }: { quality: ReportQuality; comparison?: Range }) {
  const comparisonPartial = quality.comparison !== null && !quality.comparison.complete;
  if (quality.complete && !comparisonPartial && quality.missingCurrency === 0 && quality.oddShapes === 0) return null;
  return (
    <div role="status" data-testid="quality-banner" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {!quality.complete && (
        <div data-testid="quality-current">
          <p className="font-semibold">These totals are incomplete.</p>
          <PeriodProblems quality={quality} reference="this period" />
        </div>
      )}
      {comparisonPartial && quality.comparison && (
        <div data-testid="quality-comparison" className={quality.complete ? "" : "mt-2"}>
          <p className="font-semibold">
            The comparison period{comparison ? ` (${comparison.from} to ${comparison.to})` : ""} is incomplete{quality.complete ? ": the totals shown are exact, but the changes against it, marked “partial”, are not." : ", so the changes against it, marked “partial”, are not exact either."}
          </p>
          <PeriodProblems quality={quality.comparison} reference="the comparison period" />
        </div>
      )}
      {quality.missingCurrency > 0 && <p data-testid="quality-currency" className="mt-1">{currencySentence(quality)}</p>}
      {quality.oddShapes > 0 && (
        <p className="mt-1">{quality.oddShapes} record(s) had amounts written as text; they were read exactly and are included{quality.complete ? ", so these figures are complete" : ""}.</p>
      )}
    </div>
  );
}
