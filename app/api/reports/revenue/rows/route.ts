// GET /api/reports/revenue/rows?{report params}&page&pageSize&sort&dir: one page of the purchases
// table, sorted over the whole filtered range once and paged from that order; always masked.
import { NextResponse } from "next/server";
import { PURCHASE_SORT_KEYS, purchaseRowsPage } from "@/lib/reports/server/purchase-rows";
import { handleReportRequest } from "@/lib/reports/server/report-route";
import { memoOf, purchasesSnapshot } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params, query }) => {
    const snapshot = await purchasesSnapshot(client, account.keyType, params, { signal: request.signal });
    const { records, keyType, fallbackCurrency } = snapshot.entry.data;
    const page = purchaseRowsPage(records, keyType, fallbackCurrency, readTableRequest(query, PURCHASE_SORT_KEYS, "createdAt"), memoOf(snapshot));
    return NextResponse.json(page, { headers: { "cache-control": "private, no-store" } });
  });
}
