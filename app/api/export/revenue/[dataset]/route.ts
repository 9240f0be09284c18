// GET /api/export/revenue/{dataset}?{report params}: one CSV of the Revenue report (the whole
// filtered range), or "all" as a ZIP of every CSV; for the signed-in account only. The purchases
// file is written while its days are read from the mirror (revenue-export.ts).
import { getReportFactStore } from "@/lib/mirror/mirror-access";
import { reportExportRoute } from "@/lib/reports/server/report-export-route";
import { REVENUE_CSV_NAMES } from "@/lib/reports/server/revenue-csv";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";

// The figures as the page has them; the purchases file streams from the mirror a day at a time.
export const GET = reportExportRoute({ report: "revenue", title: "Revenue", names: REVENUE_CSV_NAMES, holdsComparison: new Set(["kpis", "series"]), creatorOnly: false }, async ({ request, account, client, params }) => {
  const { view, datasets } = await loadRevenueExport(client, account.keyType, params, { signal: request.signal, facts: getReportFactStore() });
  return { quality: view.quality, datasets };
});
