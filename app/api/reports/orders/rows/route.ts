// GET /api/reports/orders/rows?{report params}&page&pageSize&sort&dir: one page of the orders
// table (creator keys only), always masked. When the orders fact table holds the range as the
// mirror serves it, the store sorts and cuts the page and only the days of its rows are opened
// (order-table-facts.ts); else the range's records are sorted once and paged from that order.
import { NextResponse } from "next/server";
import { getReportOrderFactStore } from "@/lib/mirror/mirror-access";
import { ORDER_SORT_KEYS, orderRowsPage } from "@/lib/reports/server/order-rows";
import { orderPageFromFacts } from "@/lib/reports/server/order-table-facts";
import { handleReportRequest } from "@/lib/reports/server/report-route";
import { memoOf, ordersSnapshot } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import { rowsLocale } from "@/lib/reports/server/rows-locale";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: true }, async ({ client, params, query }) => {
    const tableRequest = readTableRequest(query, ORDER_SORT_KEYS, "createdAt");
    const locale = await rowsLocale();
    const facts = getReportOrderFactStore();
    const fromFacts = facts ? await orderPageFromFacts(client, params, tableRequest, facts, { signal: request.signal }, locale) : null;
    if (fromFacts) return NextResponse.json(fromFacts, { headers: { "cache-control": "private, no-store" } });
    const snapshot = await ordersSnapshot(client, params, { signal: request.signal });
    return NextResponse.json(orderRowsPage(snapshot.entry.data.records, tableRequest, memoOf(snapshot), locale), { headers: { "cache-control": "private, no-store" } });
  });
}
