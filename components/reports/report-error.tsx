import { errorKind, SalesApiError } from "@/lib/sales-api";
import { signInFailureMessage } from "@/lib/auth/verify-credential";

// What went wrong with a report, what to do, and the upstream reference; never a stack trace.
export function ReportError({ error }: { error: unknown }) {
  const kind = errorKind(error);
  const correlationId = error instanceof SalesApiError ? error.correlationId : null;
  const title = kind === "invalid_token" ? "Your credential is no longer accepted" : kind === "forbidden" ? "This report needs a creator key" : "The report could not be loaded";
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{signInFailureMessage(error)}</p>
      {kind === "invalid_token" && <p className="mt-2"><a className="underline" href="/sign-in">Sign in again</a></p>}
      {correlationId && <p className="mt-2 font-mono text-xs">Reference: {correlationId}</p>}
    </div>
  );
}
