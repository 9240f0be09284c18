// GET /api/reports/refunds/rows?kind=refunds|chargebacks&{report params}&page&pageSize&sort&dir&reveal:
// one page of the refund or chargeback records, sorted on the server.
import { NextResponse } from "next/server";
import { genericRowsPage } from "@/lib/reports/generic-rows";
import { loadRefundRecords } from "@/lib/reports/refunds-records";
import { errorResponse, handleReportRequest } from "@/lib/reports/report-route";
import { readTableRequest } from "@/lib/reports/table-page";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: false }, async ({ client, params, query }) => {
    const kind = query.get("kind");
    if (kind !== "refunds" && kind !== "chargebacks") return errorResponse(400, "invalid_request", "kind must be refunds or chargebacks.");
    const data = await loadRefundRecords(client, params, { signal: request.signal });
    const records = data[kind];
    if (!records) return errorResponse(404, "not_found", `The Sales API does not offer ${kind} records right now.`);
    const sort = query.get("sort") ?? "";
    return NextResponse.json(genericRowsPage(records, readTableRequest(query, [sort], sort)), { headers: { "cache-control": "no-store" } });
  });
}
