// GET /api/reports/revenue/rows?{report params}&page&pageSize&sort&dir: one page of the purchases
// table, always masked. When the purchases fact table holds the range as the mirror serves it,
// the store sorts and cuts the page and only the days of its rows are opened
// (purchase-table-facts.ts); else the range's records are sorted once and paged from that order.
import { NextResponse } from "next/server";
import { getReportFactStore } from "@/lib/mirror/mirror-access";
import { PURCHASE_SORT_KEYS, purchaseRowsPage } from "@/lib/reports/server/purchase-rows";
import { purchasePageFromFacts } from "@/lib/reports/server/purchase-table-facts";
import { handleReportRequest } from "@/lib/reports/server/report-route";
import { memoOf, purchasesSnapshot } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params, query }) => {
    const tableRequest = readTableRequest(query, PURCHASE_SORT_KEYS, "createdAt");
    const facts = getReportFactStore();
    const fromFacts = facts ? await purchasePageFromFacts(client, account.keyType, params, tableRequest, facts, { signal: request.signal }) : null;
    if (fromFacts) return NextResponse.json(fromFacts, { headers: { "cache-control": "private, no-store" } });
    const snapshot = await purchasesSnapshot(client, account.keyType, params, { signal: request.signal });
    const { records, keyType, fallbackCurrency } = snapshot.entry.data;
    const page = purchaseRowsPage(records, keyType, fallbackCurrency, tableRequest, memoOf(snapshot));
    return NextResponse.json(page, { headers: { "cache-control": "private, no-store" } });
  });
}
