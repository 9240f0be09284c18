import "server-only";

// The Overview to the server: its view for the browser's minute ("now": its clock decides what
// "today" is, as the presets do), checked here. It has no files of its own.
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import { overviewWindows } from "@/lib/reports/overview-windows";
import { browserMinute, readRequest } from "@/lib/reports/server/report-request";
import { z } from "zod";
import { buildOverviewView } from "@/lib/reports/server/overview-report";
import { reportPage } from "@/lib/reports/report-definitions";
import type { ReportModule } from "@/lib/reports/server/report-module";

/** The Overview's own parameter: the browser's minute. */
const OVERVIEW_REQUEST = z.object({ now: browserMinute("The overview needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.") });

export const overviewReport: ReportModule = {
  ...reportPage("overview"),
  request: OVERVIEW_REQUEST,
  view: ({ account, client, params, query }) => {
    const asked = readRequest(OVERVIEW_REQUEST, query);
    if (typeof asked === "string") return asked;
    const windows = overviewWindows(asked.now, params.tz);
    return (progress, signal) => buildOverviewView(client, account.keyType, windows, { progress, signal, facts: getReportFactStore(), eventFacts: getReportEventFactStore() });
  },
};
