// GET /api/reports/revenue/rows?{report params}&page&pageSize&sort&dir&reveal: one page of the
// purchases table, sorted over the whole filtered range on the server.
import { NextResponse } from "next/server";
import { getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { parseReportParams } from "@/lib/report-params/parse";
import { describeReportError } from "@/lib/reports/describe-error";
import { PURCHASE_SORT_KEYS, purchaseRowsPage } from "@/lib/reports/purchase-rows";
import { readTableRequest } from "@/lib/reports/table-page";
import { loadRevenueRecords } from "@/lib/reports/revenue-records";
import { fallbackCurrencyOf } from "@/lib/reports/revenue-report";

export async function GET(request: Request) {
  const account = await getSessionAccount();
  const client = account && (await getSessionClient(account));
  if (!account || !client) return NextResponse.json({ error: { code: "unauthenticated", message: "Sign in again." } }, { status: 401 });
  const query = new URL(request.url).searchParams;
  const { params, problems } = parseReportParams(Object.fromEntries(query));
  if (problems.length) return NextResponse.json({ error: { code: "invalid_request", message: problems.join(" ") } }, { status: 400 });
  try {
    const records = await loadRevenueRecords(client, { ...params, compare: "none" }, { signal: request.signal });
    const page = purchaseRowsPage(records.current, account.keyType, fallbackCurrencyOf(records.unfiltered), readTableRequest(query, PURCHASE_SORT_KEYS, "createdAt"));
    return NextResponse.json(page, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    const failure = describeReportError(error);
    return NextResponse.json({ error: { code: failure.kind, message: `${failure.title}. ${failure.action}`, correlation_id: failure.correlationId } }, { status: failure.kind === "rate_limited" ? 429 : 502 });
  }
}
