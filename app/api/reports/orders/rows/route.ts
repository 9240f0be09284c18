// GET /api/reports/orders/rows?{report params}&page&pageSize&sort&dir&reveal: one page of the
// orders table (creator keys only), sorted over the whole filtered range on the server.
import { NextResponse } from "next/server";
import { getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { parseReportParams } from "@/lib/report-params/parse";
import { describeReportError } from "@/lib/reports/describe-error";
import { ORDER_SORT_KEYS, orderRowsPage } from "@/lib/reports/order-rows";
import { loadOrders } from "@/lib/reports/orders-report";
import { readTableRequest } from "@/lib/reports/table-page";

export async function GET(request: Request) {
  const account = await getSessionAccount();
  const client = account && (await getSessionClient(account));
  if (!account || !client) return NextResponse.json({ error: { code: "unauthenticated", message: "Sign in again." } }, { status: 401 });
  if (account.keyType !== "creator") return NextResponse.json({ error: { code: "forbidden", message: "Orders need a creator key." } }, { status: 403 });
  const query = new URL(request.url).searchParams;
  const { params, problems } = parseReportParams(Object.fromEntries(query));
  if (problems.length) return NextResponse.json({ error: { code: "invalid_request", message: problems.join(" ") } }, { status: 400 });
  try {
    const { orders } = await loadOrders(client, params, request.signal);
    return NextResponse.json(orderRowsPage(orders, readTableRequest(query, ORDER_SORT_KEYS, "createdAt")), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    const failure = describeReportError(error);
    return NextResponse.json({ error: { code: failure.kind, message: `${failure.title}. ${failure.action}`, correlation_id: failure.correlationId } }, { status: failure.kind === "rate_limited" ? 429 : 502 });
  }
}
