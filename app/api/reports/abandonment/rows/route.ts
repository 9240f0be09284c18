// GET /api/reports/abandonment/rows?{report params}&page&pageSize&sort&dir&reveal: one page of the
// abandoned-carts table (creator keys only), sorted over the whole filtered range on the server.
import { NextResponse } from "next/server";
import { cartCurrencyResolver } from "@/lib/analytics/abandonment-currency";
import { loadAbandonmentRecords } from "@/lib/reports/abandonment-records";
import { CART_SORT_KEYS, cartRowsPage } from "@/lib/reports/cart-rows";
import { handleReportRequest } from "@/lib/reports/report-route";
import { readTableRequest } from "@/lib/reports/table-page";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: true }, async ({ client, params, query }) => {
    const data = await loadAbandonmentRecords(client, params, { signal: request.signal });
    return NextResponse.json(cartRowsPage(data.carts, cartCurrencyResolver({ currencyOf: data.currencyOf }), readTableRequest(query, CART_SORT_KEYS, "sessionAt")), { headers: { "cache-control": "no-store" } });
  });
}
