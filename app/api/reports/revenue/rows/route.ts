// GET /api/reports/revenue/rows?{report params}&page&pageSize&sort&dir&reveal: one page of the
// purchases table, sorted over the whole filtered range on the server.
import { NextResponse } from "next/server";
import { PURCHASE_SORT_KEYS, purchaseRowsPage } from "@/lib/reports/purchase-rows";
import { handleReportRequest } from "@/lib/reports/report-route";
import { loadRevenueRecords } from "@/lib/reports/revenue-records";
import { readTableRequest } from "@/lib/reports/table-page";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params, query }) => {
    const records = await loadRevenueRecords(client, { ...params, compare: "none" }, { signal: request.signal });
    const page = purchaseRowsPage(records.current, account.keyType, records.currency.currency, readTableRequest(query, PURCHASE_SORT_KEYS, "createdAt"));
    return NextResponse.json(page, { headers: { "cache-control": "no-store" } });
  });
}
