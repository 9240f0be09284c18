import "server-only";

// The Overview to the server: its view for the browser's minute ("now": its clock decides what
// "today" is, as the presets do), checked here. It has no files of its own.
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import { overviewWindows, parseOverviewNow } from "@/lib/reports/overview-windows";
import { buildOverviewView } from "@/lib/reports/server/overview-report";
import { reportPage } from "@/lib/reports/report-definitions";
import type { ReportModule } from "@/lib/reports/server/report-module";

export const overviewReport: ReportModule = {
  ...reportPage("overview"),
  view: ({ account, client, params, query }) => {
    const now = parseOverviewNow(query.get("now"));
    if (!now) return "The overview needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.";
    const windows = overviewWindows(now, params.tz);
    return (progress, signal) => buildOverviewView(client, account.keyType, windows, { progress, signal, facts: getReportFactStore(), eventFacts: getReportEventFactStore() });
  },
};
