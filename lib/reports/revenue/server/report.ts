import "server-only";

// The Revenue report to the server: its view, its files (the purchases file streams from the
// mirror a day at a time: revenue-export.ts) and the purchases table. When the purchases fact
// table holds the range as the mirror serves it, the store sorts and cuts the table's page and
// only the days of its rows are opened (purchase-table-facts.ts); else the range's records are
// sorted once and paged from that order.
import { NextResponse } from "next/server";
import { getReportFactStore } from "@/lib/mirror/mirror-access";
import { filteredReport } from "@/lib/reports/server/filtered-report";
import { PURCHASE_SORT_KEYS, purchaseRowsPage } from "@/lib/reports/server/purchase-rows";
import { purchasePageFromFacts } from "@/lib/reports/server/purchase-table-facts";
import { REVENUE_CSV_NAMES } from "@/lib/reports/server/revenue-csv";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { memoOf, purchasesSnapshot } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import { revenueDatasets } from "@/lib/reports/server/revenue-csv";
import type { RevenueView } from "@/lib/reports/report-views";
import type { ShareKeep } from "@/lib/reports/server/filtered-report";
import type { SharedRevenueView, SharedViews } from "@/lib/sharing/shared-views";

export const revenueReport = filteredReport({
  id: "revenue",
  build: (client, account, params, options) => buildRevenueView(client, account.keyType, params, { facts: getReportFactStore(), ...options }),
  exports: {
    title: "Revenue",
    names: REVENUE_CSV_NAMES,
    holdsComparison: new Set(["kpis", "series"]),
    load: async ({ request, account, client, params }) => {
      const { view, datasets } = await loadRevenueExport(client, account.keyType, params, { signal: request.signal, facts: getReportFactStore() });
      return { quality: view.quality, datasets };
    },
  },
  tables: {
    purchases: async ({ request, account, client, params, query }) => {
      const tableRequest = readTableRequest(query, PURCHASE_SORT_KEYS, "createdAt");
      const facts = getReportFactStore();
      const fromFacts = facts ? await purchasePageFromFacts(client, account.keyType, params, tableRequest, facts, { signal: request.signal }) : null;
      if (fromFacts) return NextResponse.json(fromFacts, { headers: { "cache-control": "private, no-store" } });
      const snapshot = await purchasesSnapshot(client, account.keyType, params, { signal: request.signal });
      const { records, keyType, fallbackCurrency } = snapshot.entry.data;
      return NextResponse.json(purchaseRowsPage(records, keyType, fallbackCurrency, tableRequest, memoOf(snapshot)), { headers: { "cache-control": "private, no-store" } });
    },
  },
  share: {
    keep: {
      keyType: true, range: true, comparison: true, comparisonDataFrom: true, currencies: true, kpis: true, series: true,
      breakdowns: true, attach: true, funds: true, fundsWeeks: true, quality: true,
    } satisfies ShareKeep<SharedRevenueView>,
    datasets: (view, keyType) => revenueDatasets(view as SharedViews["revenue"] as RevenueView, [], keyType),
  },
});
