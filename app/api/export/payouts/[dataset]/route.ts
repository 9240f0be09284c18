// GET /api/export/payouts/{dataset}?now={UTC minute}&month={YYYY-MM}&tz={zone}: the payout
// calendar's days or back-test as CSV, or "all" as a ZIP of both; for the signed-in account.
import { lookupExport } from "@/lib/reports/server/export-names";
import { monthDays } from "@/lib/reports/payouts-month";
import { PAYOUTS_CSV_NAMES, payoutsDatasets } from "@/lib/reports/server/payouts-csv";
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import { buildPayoutsView } from "@/lib/reports/server/payouts-report";
import { payoutsRequest } from "@/lib/reports/server/payouts-route";
import { csvLocaleOf, csvLocaleRefusal, exportResponse } from "@/lib/reports/server/report-export";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";

const NAMES = new Map([...PAYOUTS_CSV_NAMES].map((name) => [name, name]));

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: false, download: true }, async ({ account, client, params, query }) => {
    const known = lookupExport(NAMES, dataset);
    if (!known.ok) return errorResponse(404, "not_found", known.message);
    const refusal = csvLocaleRefusal(request);
    if (refusal) return refusal;
    const asked = payoutsRequest({ params, query });
    if (typeof asked === "string") return errorResponse(400, "invalid_request", asked);
    const view = await buildPayoutsView(client, account.keyType, asked, { signal: request.signal, facts: getReportFactStore(), eventFacts: getReportEventFactStore() });
    const { days } = monthDays(view.month, view.tz);
    return exportResponse(dataset, { report: "payouts", title: "Payout calendar", accountLabel: account.label, range: { from: days[0]!, to: days[days.length - 1]!, tz: view.tz }, quality: view.quality, datasets: payoutsDatasets(view), csvLocale: csvLocaleOf(request) });
  });
}
