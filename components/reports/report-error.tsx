import { reportFailure } from "@/lib/reports/report-failure";
import { FailurePanel } from "./failure-panel";

// A report that failed on the server, described for a person (never a stack trace) and
// logged under the reference the panel shows. `route`: the page's path.
export function ReportError({ error, route }: { error: unknown; route: string }) {
  return <FailurePanel failure={reportFailure(error, route, { event: "page_failed" }).failure} />;
}
