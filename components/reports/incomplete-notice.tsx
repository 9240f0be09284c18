import type { RangeReport } from "@/lib/sales-api";

// Says plainly when figures are not the whole truth, and why.
export function IncompleteNotice({ report }: { report: RangeReport }) {
  if (report.complete) return null;
  return (
    <div role="status" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">These figures are incomplete</p>
      {report.incompleteDays.length > 0 && (
        <p className="mt-1">
          On {report.incompleteDays.join(", ")} the Sales API returned only its newest 5000 records for a single day; older records of that day are missing.
        </p>
      )}
      {report.invalidRecords.length > 0 && (
        <p className="mt-1">
          {report.invalidRecords.length} record(s) came in a shape we cannot read and are left out (reference {[...new Set(report.invalidRecords.map((r) => r.correlationId))].filter(Boolean).join(", ")}).
        </p>
      )}
    </div>
  );
}
