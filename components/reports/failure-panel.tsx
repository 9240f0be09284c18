import type { ReportFailure } from "@/lib/reports/report-failure-view";

// What happened, what to do, and the upstream reference, for any failed report.
export function FailurePanel({ failure }: { failure: ReportFailure }) {
  return (
    <div role="alert" data-testid="report-failure" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
      <p className="font-semibold">{failure.title}</p>
      <p className="mt-1">{failure.action}</p>
      {failure.kind === "invalid_token" && (
        <p className="mt-2">
          <a className="font-medium underline" href="/sign-in">Sign in again</a>
        </p>
      )}
      {failure.correlationId && <p className="mt-2 font-mono text-xs">Reference: {failure.correlationId}</p>}
    </div>
  );
}
