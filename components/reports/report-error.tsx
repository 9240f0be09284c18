import { describeReportError } from "@/lib/reports/describe-error";
import { FailurePanel } from "./failure-panel";

// A report that failed on the server, described for a person.
export function ReportError({ error }: { error: unknown }) {
  return <FailurePanel failure={describeReportError(error)} />;
}
