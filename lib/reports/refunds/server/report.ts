import "server-only";

// The Refunds & chargebacks report to the server: its view, its files (the whole filtered
// range) and the refund and chargeback records, a page at a time, sorted once over the range;
// always masked.
import { getReportEventFactStore, getReportFactStore, getReportOrderFactStore } from "@/lib/mirror/mirror-access";
import { filteredReport, type ShareKeep } from "@/lib/reports/server/filtered-report";
import { genericRowsPage } from "@/lib/reports/server/generic-rows";
import { REFUNDS_CSV_NAMES, refundsDatasets, refundsPanelDatasets } from "@/lib/reports/server/refunds-csv";
import { buildRefundsView, loadRefundsReport } from "@/lib/reports/server/refunds-report";
import type { ReportContext, ReportExports } from "@/lib/reports/server/report-module";
import { errorResponse } from "@/lib/reports/server/report-route";
import { genericSnapshot, memoOf } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import type { SharedRefundsView, SharedViews } from "@/lib/sharing/shared-views";

const notOffered = (kind: string) => errorResponse(404, "not_found", `The Sales API does not offer ${kind} records right now.`);

const recordsPage = (kind: "refunds" | "chargebacks") => async ({ request, client, params, query }: ReportContext) => {
  const snapshot = await genericSnapshot(client, kind, params, { signal: request.signal });
  const { records, columns, idFields } = snapshot.entry.data;
  if (!records) return notOffered(kind);
  const sort = query.get("sort") ?? "";
  return genericRowsPage(records, readTableRequest(query, [sort], sort), { columns, idFields, memo: memoOf(snapshot) });
};

const loadFiles: ReportExports["load"] = async ({ request, dataset, account, client, params }) => {
  const { view, data } = await loadRefundsReport(client, account.keyType, params, { signal: request.signal });
  if ((dataset === "refunds" || dataset === "chargebacks") && data.unavailable.includes(dataset)) return notOffered(dataset);
  return { quality: view.quality, datasets: refundsDatasets(view, data, account.keyType, params) };
};

const KEEP = {
  keyType: true, dating: true, comparison: true, comparisonDataFrom: true, kpis: true, figures: true, breakdowns: true,
  daysToRefund: true, delivery: true, deliveryRates: true, unavailable: true, unmatched: true, quality: true,
} satisfies ShareKeep<SharedRefundsView>;

export const refundsReport = filteredReport({
  id: "refunds",
  build: (client, account, params, options) => buildRefundsView(client, account.keyType, params, { facts: getReportFactStore(), eventFacts: getReportEventFactStore(), orderFacts: getReportOrderFactStore(), ...options }),
  // No file of this report holds the comparison period's figures.
  exports: { names: REFUNDS_CSV_NAMES, holdsComparison: new Set<string>(), load: loadFiles },
  tables: { refunds: recordsPage("refunds"), chargebacks: recordsPage("chargebacks") },
  // The dating is the Refunds report's own parameter: kept when it is not the default.
  savedView: { tables: ["refunds", "chargebacks"], keep: (_search, params, kept) => void (params.dating !== "sale" && kept.set("dating", params.dating)) },
  share: { keep: KEEP, datasets: (view, keyType) => refundsPanelDatasets(view as SharedViews["refunds"], keyType) },
});
