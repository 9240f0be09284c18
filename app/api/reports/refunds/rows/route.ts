// GET /api/reports/refunds/rows?kind=refunds|chargebacks&{report params}&page&pageSize&sort&dir:
// one page of the refund or chargeback records, sorted once over the range; always masked.
import { NextResponse } from "next/server";
import { genericRowsPage } from "@/lib/reports/server/generic-rows";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";
import { genericSnapshot, memoOf } from "@/lib/reports/server/table-sources";
import { readTableRequest } from "@/lib/reports/server/table-page";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: false }, async ({ client, params, query }) => {
    const kind = query.get("kind");
    if (kind !== "refunds" && kind !== "chargebacks") return errorResponse(400, "invalid_request", "kind must be refunds or chargebacks.");
    const snapshot = await genericSnapshot(client, kind, params, { signal: request.signal });
    const { records, columns, idFields } = snapshot.entry.data;
    if (!records) return errorResponse(404, "not_found", `The Sales API does not offer ${kind} records right now.`);
    const sort = query.get("sort") ?? "";
    return NextResponse.json(genericRowsPage(records, readTableRequest(query, [sort], sort), { columns, idFields, memo: memoOf(snapshot) }), { headers: { "cache-control": "private, no-store" } });
  });
}
