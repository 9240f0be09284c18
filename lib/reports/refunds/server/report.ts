import "server-only";

// The Refunds & chargebacks report to the server: its view, its files (the whole filtered
// range) and the refund and chargeback records, a page at a time, sorted once over the range;
// always masked.
import { NextResponse } from "next/server";
import { getReportEventFactStore, getReportFactStore, getReportOrderFactStore } from "@/lib/mirror/mirror-access";
import type { ReportContext } from "@/lib/reports/server/report-module";
import { filteredReport } from "@/lib/reports/server/filtered-report";
import { genericRowsPage } from "@/lib/reports/server/generic-rows";
import { REFUNDS_CSV_NAMES, refundsDatasets, refundsPanelDatasets } from "@/lib/reports/server/refunds-csv";
import { buildRefundsView, loadRefundsReport } from "@/lib/reports/server/refunds-report";
import { errorResponse } from "@/lib/reports/server/report-route";
import { genericSnapshot, memoOf } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import type { ShareKeep } from "@/lib/reports/server/filtered-report";
import type { SharedRefundsView, SharedViews } from "@/lib/sharing/shared-views";

const notOffered = (kind: string) => errorResponse(404, "not_found", `The Sales API does not offer ${kind} records right now.`);

function recordsTable(kind: "refunds" | "chargebacks") {
  return async ({ request, client, params, query }: ReportContext) => {
    const snapshot = await genericSnapshot(client, kind, params, { signal: request.signal });
    const { records, columns, idFields } = snapshot.entry.data;
    if (!records) return notOffered(kind);
    const sort = query.get("sort") ?? "";
    return NextResponse.json(genericRowsPage(records, readTableRequest(query, [sort], sort), { columns, idFields, memo: memoOf(snapshot) }), { headers: { "cache-control": "private, no-store" } });
  };
}

export const refundsReport = filteredReport({
  id: "refunds",
  build: (client, account, params, options) => buildRefundsView(client, account.keyType, params, { facts: getReportFactStore(), eventFacts: getReportEventFactStore(), orderFacts: getReportOrderFactStore(), ...options }),
  exports: {
    title: "Refunds & chargebacks",
    names: REFUNDS_CSV_NAMES,
    // No file of this report holds the comparison period's figures.
    holdsComparison: new Set<string>(),
    load: async ({ request, dataset, account, client, params }) => {
      const { view, data } = await loadRefundsReport(client, account.keyType, params, { signal: request.signal });
      if ((dataset === "refunds" || dataset === "chargebacks") && data.unavailable.includes(dataset)) return notOffered(dataset);
      return { quality: view.quality, datasets: refundsDatasets(view, data, account.keyType, params) };
    },
  },
  tables: { refunds: recordsTable("refunds"), chargebacks: recordsTable("chargebacks") },
  share: {
    keep: {
      keyType: true, dating: true, comparison: true, comparisonDataFrom: true, kpis: true, figures: true, breakdowns: true,
      daysToRefund: true, delivery: true, deliveryRates: true, unavailable: true, unmatched: true, quality: true,
    } satisfies ShareKeep<SharedRefundsView>,
    datasets: (view, keyType) => refundsPanelDatasets(view as SharedViews["refunds"], keyType),
  },
});
