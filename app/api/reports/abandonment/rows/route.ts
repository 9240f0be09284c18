// GET /api/reports/abandonment/rows?{report params}&page&pageSize&sort&dir: one page of the
// abandoned-carts table (creator keys only), sorted over the whole filtered range once; always masked.
import { NextResponse } from "next/server";
import { CART_SORT_KEYS, cartRowsPage } from "@/lib/reports/server/cart-rows";
import { handleReportRequest } from "@/lib/reports/server/report-route";
import { cartsSnapshot, memoOf } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";
import { recoveredWords, rowsLocale } from "@/lib/reports/server/rows-locale";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: true }, async ({ client, params, query }) => {
    const snapshot = await cartsSnapshot(client, params, { signal: request.signal });
    const { records, currencyOf } = snapshot.entry.data;
    return NextResponse.json(cartRowsPage(records, currencyOf, readTableRequest(query, CART_SORT_KEYS, "sessionAt"), memoOf(snapshot), await rowsLocale(), await recoveredWords()), { headers: { "cache-control": "private, no-store" } });
  });
}
