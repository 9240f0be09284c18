import "server-only";

// GET of the Overview's view, streamed with its progress like every report. "Now" is the
// browser's minute (its clock decides what "today" is, as the presets do), checked here.
import { routeOf } from "@/lib/reports/server/report-failure";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";
import { reportStreamResponse } from "@/lib/reports/server/report-stream";
import { buildOverviewView } from "@/lib/reports/server/overview-report";
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import { overviewWindows, parseOverviewNow } from "@/lib/reports/overview-windows";

export function overviewStreamRoute() {
  return (request: Request) =>
    handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params, query }) => {
      const now = parseOverviewNow(query.get("now"));
      if (!now) return errorResponse(400, "invalid_request", "The overview needs now=YYYY-MM-DDTHH:MMZ, the current minute in UTC.");
      const windows = overviewWindows(now, params.tz);
      return reportStreamResponse((progress, signal) => buildOverviewView(client, account.keyType, windows, { progress, signal, facts: getReportFactStore(), eventFacts: getReportEventFactStore() }), request.signal, routeOf(request));
    });
}
