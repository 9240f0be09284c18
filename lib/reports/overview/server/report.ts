import "server-only";

// The Overview to the server: its view for the browser's minute ("now": its clock decides what
// "today" is, as the presets do), checked here. It has no files of its own.
import { cartStoreReadsPurchases, getReportCartFactStore, getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import { overviewWindows } from "@/lib/reports/overview-windows";
import { reportRequest } from "@/lib/report-params/schema";
import { browserMinute } from "@/lib/reports/server/report-request";
import { buildOverviewView } from "@/lib/reports/server/overview-report";
import { reportPage } from "@/lib/reports/report-definitions";
import type { ReportModule } from "@/lib/reports/server/report-module";

/** The shared report parameters (the zone is the Overview's) and its own: the browser's minute. */
const OVERVIEW_REQUEST = reportRequest({ now: browserMinute("The overview needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.") });

export const overviewReport: ReportModule<{ now: Date }> = {
  ...reportPage("overview"),
  request: OVERVIEW_REQUEST,
  view: ({ account, client, params, asked }) => {
    const windows = overviewWindows(asked.now, params.tz);
    return (progress, signal) => buildOverviewView(client, account.keyType, windows, { progress, signal, facts: getReportFactStore(), eventFacts: getReportEventFactStore(), cartFacts: getReportCartFactStore(), cartStoreReadsPurchases: cartStoreReadsPurchases() });
  },
};
