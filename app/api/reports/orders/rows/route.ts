// GET /api/reports/orders/rows?{report params}&page&pageSize&sort&dir&reveal: one page of the
// orders table (creator keys only), sorted over the whole filtered range on the server.
import { NextResponse } from "next/server";
import { ORDER_SORT_KEYS, orderRowsPage } from "@/lib/reports/order-rows";
import { loadOrders } from "@/lib/reports/orders-report";
import { handleReportRequest } from "@/lib/reports/report-route";
import { readTableRequest } from "@/lib/reports/table-page";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: true }, async ({ client, params, query }) => {
    const { orders } = await loadOrders(client, params, { signal: request.signal });
    return NextResponse.json(orderRowsPage(orders, readTableRequest(query, ORDER_SORT_KEYS, "createdAt")), { headers: { "cache-control": "no-store" } });
  });
}
