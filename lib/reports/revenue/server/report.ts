import "server-only";

// The Revenue report to the server: its view, its files (the purchases file streams from the
// mirror a day at a time: revenue-export.ts) and the purchases table. When the purchases fact
// table holds the range as the mirror serves it, the store sorts and cuts the table's page and
// only the days of its rows are opened (purchase-table-facts.ts); else the range's records are
// sorted once and paged from that order.
import { getReportFactStore } from "@/lib/mirror/mirror-access";
import type { RevenueView } from "@/lib/reports/report-views";
import { filteredReport, type ShareKeep } from "@/lib/reports/server/filtered-report";
import { PURCHASE_SORT_KEYS, purchaseRowsPage } from "@/lib/reports/server/purchase-rows";
import { purchasePageFromFacts } from "@/lib/reports/server/purchase-table-facts";
import type { ReportContext } from "@/lib/reports/server/report-module";
import { REVENUE_CSV_NAMES, revenueDatasets } from "@/lib/reports/server/revenue-csv";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { memoOf, purchasesSnapshot } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import type { SharedRevenueView, SharedViews } from "@/lib/sharing/shared-views";

async function purchasesPage({ request, account, client, params, query }: ReportContext) {
  const tableRequest = readTableRequest(query, PURCHASE_SORT_KEYS, "createdAt");
  const facts = getReportFactStore();
  const fromFacts = facts ? await purchasePageFromFacts(client, account.keyType, params, tableRequest, facts, { signal: request.signal }) : null;
  if (fromFacts) return fromFacts;
  const snapshot = await purchasesSnapshot(client, account.keyType, params, { signal: request.signal });
  const { records, keyType, fallbackCurrency } = snapshot.entry.data;
  return purchaseRowsPage(records, keyType, fallbackCurrency, tableRequest, memoOf(snapshot));
}

const KEEP = {
  keyType: true, range: true, comparison: true, comparisonDataFrom: true, currencies: true, kpis: true, series: true,
  breakdowns: true, attach: true, funds: true, fundsWeeks: true, quality: true,
} satisfies ShareKeep<SharedRevenueView>;

export const revenueReport = filteredReport({
  id: "revenue",
  build: (client, account, params, options) => buildRevenueView(client, account.keyType, params, { facts: getReportFactStore(), ...options }),
  exports: {
    names: REVENUE_CSV_NAMES, holdsComparison: new Set(["kpis", "series"]),
    load: ({ request, account, client, params }) => loadRevenueExport(client, account.keyType, params, { signal: request.signal, facts: getReportFactStore() }).then(({ view, datasets }) => ({ quality: view.quality, datasets })),
  },
  tables: { purchases: purchasesPage },
  savedView: { tables: ["purchases"] },
  share: { keep: KEEP, datasets: (view, keyType) => revenueDatasets(view as SharedViews["revenue"] as RevenueView, [], keyType) },
});
