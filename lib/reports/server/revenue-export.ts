import "server-only";

// What the Revenue report's export route writes: its view from the day summaries (or the fact
// table, or the records when neither answers: revenue-summaries.ts), the same figures the page
// shows, and the purchases file read as the download goes (purchase-csv-rows.ts: from the fact
// table's cursor when it holds the range, else from the mirror a day at a time), never the
// range's records held at once.
import type { RevenueView } from "@/lib/reports/revenue-view";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { KeyType } from "@/lib/sales-api";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { csvFile, type CsvFile } from "./csv-datasets";
import { withReportDeadline, type LoadOptions } from "./load-options";
import { purchaseCsvRows } from "./purchase-csv-rows";
import { purchaseColumns, revenueDatasets } from "./revenue-csv";
import { revenueViewFrom } from "./revenue-report";
import { loadRevenueSummaries } from "./revenue-summaries";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export async function loadRevenueExport(
  client: MirroredClient,
  keyType: KeyType,
  params: ReportParams,
  options: { signal?: AbortSignal; facts?: PurchaseFactStore; /** Rows per batch of the fact table's cursor (tests cross many batches with few rows). */ csvBatchRows?: number } = {},
): Promise<{ view: RevenueView; datasets: Map<string, CsvFile> }> {
  const summaries = await loadRevenueSummaries(client, params, withReportDeadline<LoadOptions>(client, { signal: options.signal, facts: options.facts }));
  const view = revenueViewFrom(summaries, keyType, params);
  // The shown period's fetch: the one its notes are written from (the comparison holds no purchase row).
  const report = summaries.reports[0];
  if (!report) throw new Error("A Revenue report without the fetch of its range");
  const purchases = purchaseCsvRows(client, params, { currency: summaries.currency, report }, { signal: options.signal, facts: options.facts, batchRows: options.csvBatchRows });
  const datasets = new Map<string, CsvFile>(revenueDatasets(view, [], keyType));
  // Set again, so the file keeps its place (first) in the ZIP.
  datasets.set("purchases", csvFile(purchaseColumns(keyType), purchases));
  return { view, datasets };
}
