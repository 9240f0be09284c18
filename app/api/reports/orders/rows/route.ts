// GET /api/reports/orders/rows?{report params}&page&pageSize&sort&dir: one page of the orders
// table (creator keys only), sorted over the whole filtered range once; always masked.
import { NextResponse } from "next/server";
import { ORDER_SORT_KEYS, orderRowsPage } from "@/lib/reports/server/order-rows";
import { handleReportRequest } from "@/lib/reports/server/report-route";
import { memoOf, ordersSnapshot } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import { rowsLocale } from "@/lib/reports/server/rows-locale";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: true }, async ({ client, params, query }) => {
    const snapshot = await ordersSnapshot(client, params, { signal: request.signal });
    return NextResponse.json(orderRowsPage(snapshot.entry.data.records, readTableRequest(query, ORDER_SORT_KEYS, "createdAt"), memoOf(snapshot), await rowsLocale()), { headers: { "cache-control": "private, no-store" } });
  });
}
