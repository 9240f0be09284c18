import "server-only";

// Every report the server answers for, in the navigation's order: the generic routes, the share
// links and the export links find a report here by its id, and nowhere else.
import { abandonmentReport } from "@/lib/reports/abandonment/server/report";
import { affiliatesReport } from "@/lib/reports/affiliates/server/report";
import { ordersReport } from "@/lib/reports/orders/server/report";
import { overviewReport } from "@/lib/reports/overview/server/report";
import { payoutsReport } from "@/lib/reports/payouts/server/report";
import { refundsReport } from "@/lib/reports/refunds/server/report";
import { revenueReport } from "@/lib/reports/revenue/server/report";
import type { ReportId } from "@/lib/reports/report-definitions";
import type { FilteredReport } from "@/lib/reports/server/filtered-report";
import type { ReportModule } from "@/lib/reports/server/report-module";

export const FILTERED_REPORTS: Readonly<Record<ReportId, FilteredReport>> = {
  revenue: revenueReport,
  orders: ordersReport,
  abandonment: abandonmentReport,
  refunds: refundsReport,
  affiliates: affiliatesReport,
};

/** Every module; a test may register one more here, as a new report would be. */
export const REPORT_MODULES: ReportModule[] = [overviewReport, ...Object.values(FILTERED_REPORTS), payoutsReport];

/** The module of an id from a URL: unknown and inherited names ("constructor") find nothing. */
export function findReportModule(id: string): ReportModule | null {
  return REPORT_MODULES.find((module) => module.id === id) ?? null;
}

/** A report a share link can hold: a module that builds its view and says what a link keeps of it. */
export function findShareableReport(id: string): FilteredReport | null {
  const found = findReportModule(id);
  return found && "share" in found && "build" in found ? (found as FilteredReport) : null;
}

/** The shareable report of a stored id: a link or a snapshot names one that this server serves, or it is refused when read. */
export function shareableReport(id: string): FilteredReport {
  const found = findShareableReport(id);
  if (!found) throw new TypeError(`There is no report called "${id.slice(0, 80)}" to share.`);
  return found;
}
