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
import { z } from "zod";

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

/** A module of a report of a range and filters: it builds its view and says what a share link keeps of it. */
function isFilteredReport(module: ReportModule): module is FilteredReport {
  return "share" in module && "build" in module;
}

/** A report a share link can hold: a module that builds its view and says what a link keeps of it. */
export function findShareableReport(id: string): FilteredReport | null {
  const found = findReportModule(id);
  return found && isFilteredReport(found) ? found : null;
}

/**
 * A report id from the browser or a stored row, as a schema reads it: the id of a shareable module
 * (typed as the module's), or an issue with `message`.
 */
export function shareableReportId(message: string) {
  return z.string().max(64).transform((id, context) => findShareableReport(id)?.id ?? (context.addIssue({ code: "custom", message }), z.NEVER));
}

/** The shareable report of a stored id: a link or a snapshot names one that this server serves, or it is refused when read. */
export function shareableReport(id: string): FilteredReport {
  const found = findShareableReport(id);
  if (!found) throw new TypeError(`There is no report called "${id.slice(0, 80)}" to share.`);
  return found;
}
