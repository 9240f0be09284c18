import "server-only";

// A page of the purchases table from the fact store (issue #25 point 5): the store sorts and
// cuts the range's purchases after the report's filters, and only the sealed days holding the
// page's purchases are opened to show them. It answers when the table holds every day of the
// range as the mirror serves it (revenue-summaries.ts's rule for a filtered Revenue), and the
// page is then the one purchaseRowsPage makes from every record of the range: same rows, same
// order, same total, same formatting (tests/support/purchase-table-page-behaviour.ts). Null
// otherwise: the caller pages the records as before.
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseTablePageFromFacts, purchaseTablePlan } from "@/lib/query/purchase-table-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { TableRow } from "@/lib/reports/revenue-view";
import type { KeyType } from "@/lib/sales-api";
import type { FactPageItem, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { rangeOptions, withReportDeadline, type LoadOptions } from "./load-options";
import { purchaseDetails, purchaseRow, purchaseRowId, type PurchaseSortKey } from "./purchase-rows";
import { saleShareOf } from "@/lib/analytics/key-share";
import { heldPurchases } from "./held-purchases";
import { openPageDays } from "./page-days";
import type { TablePage, TableRequest } from "./table-page";
import type { MirroredClient } from "@/lib/mirror/range-reader";

type Given = Pick<LoadOptions, "signal" | "currency" | "deadline">;

/** The page's purchases from their days' records (page-days.ts). */
const openPurchaseDays = (client: MirroredClient, items: readonly FactPageItem[], stamps: ReadonlyMap<string, number>, options: LoadOptions) =>
  openPageDays(items, stamps, (day) => client.fetchRange("purchases", { from: day, to: day }, rangeOptions(options)), { item: (i) => i.purchaseId, record: (p) => p.purchaseId });

export async function purchasePageFromFacts(
  client: MirroredClient,
  keyType: KeyType,
  params: ReportParams,
  request: TableRequest<PurchaseSortKey>,
  facts: PurchaseFactStore,
  given: Given = {},
): Promise<TablePage<TableRow> | null> {
  const options = withReportDeadline(client, given);
  // The days' marks (no record opened) fetch what is missing or stale, which writes its rows;
  // the table gives the currency decision the records' page makes (loadRevenueRecords): an
  // amount's currency, never the order.
  const held = await heldPurchases(client, params, options, facts, { comparison: false, decideOnBoth: false, choices: false });
  if (!held) return null;
  const page = await purchaseTablePageFromFacts(facts, client.identity, {
    from: params.from, to: params.to, timeZone: params.tz, filters: params.filters, keyType, sort: request.sort, dir: request.dir, page: request.page, pageSize: request.pageSize,
  });
  const records = await openPurchaseDays(client, page.items, new Map(held.report.fetchedAt), options);
  if (!records) return null;
  const value = saleShareOf(keyType);
  const rows = withAssumedCurrency(records, held.decided).records.map((p) => purchaseRow(p, value, held.decided.currency, request.timeZone));
  return { total: page.total, page: page.page, items: rows };
}

/**
 * The customer details of rows the table shows, for the reveal action: only ids that are rows of
 * the session's account, the report's range and its filters (the store says which, and where
 * they live), read from those rows' days only; an id that is not such a row is left out. Null
 * when the table does not hold the range as the mirror serves it (customer-details.ts then reads
 * the range's records). Nothing here is logged.
 */
export async function purchaseDetailsFromFacts(client: MirroredClient, params: ReportParams, ids: readonly string[], facts: PurchaseFactStore, given: Given = {}): Promise<Record<string, Record<string, string>> | null> {
  const options = withReportDeadline(client, given);
  const held = await heldPurchases(client, params, options, facts, { comparison: false, decideOnBoth: false, choices: false });
  if (!held) return null;
  // A row's id is its purchase id written as a number (purchaseRowId): any other text names no row.
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(Number(id)) && String(Number(id)) === id).map(Number);
  const items = await facts.locatePurchases(client.identity, purchaseTablePlan({ from: params.from, to: params.to, timeZone: params.tz, filters: params.filters }), wanted);
  const records = await openPurchaseDays(client, items, new Map(held.report.fetchedAt), options);
  if (!records) return null;
  const answer: Record<string, Record<string, string>> = {};
  for (const p of records) answer[purchaseRowId(p)] ??= purchaseDetails(p);
  return answer;
}
