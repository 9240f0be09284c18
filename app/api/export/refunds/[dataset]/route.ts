// GET /api/export/refunds/{refunds|chargebacks|kpis}?{report params}: the Refunds & chargebacks
// report's CSVs (the whole filtered range), for the signed-in account only.
import { csvColumns } from "@/lib/csv/columns";
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse as plainCsvResponse, csvStream } from "@/lib/csv/stream";
import { incompleteReason, withIncompleteNotice } from "@/lib/reports/export-notice";
import { periodQuality } from "@/lib/reports/report-quality";
import { genericColumns, maskPersonal, type GenericColumn } from "@/lib/reports/generic-columns";
import { refundKpis } from "@/lib/analytics/refund-kpis";
import { loadRefundRecords } from "@/lib/reports/refunds-records";
import { errorResponse, handleReportRequest } from "@/lib/reports/report-route";

const kindOf = (c: GenericColumn) => (c.kind === "money" ? "money" : c.kind === "date" ? "date" : /Id$|^id$/.test(c.key) ? "id" : "text");

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params }) => {
    const data = await loadRefundRecords(client, params, { signal: request.signal });
    const reason = incompleteReason(periodQuality(data.reports));
    const name = csvFilename({ accountLabel: account.label, report: `refunds-${dataset}`, from: params.from, to: params.to, incomplete: reason !== null });
    const csvResponse = (stream: ReadableStream<Uint8Array>, filename: string) => withIncompleteNotice(plainCsvResponse(stream, filename), reason);
    if (dataset === "kpis") {
      const rows = refundKpis(data.purchases, data.refunds, data.chargebacks, params.dating, data.currency.currency);
      const keys = Object.keys(rows[0] ?? { currency: "" }).filter((k) => account.keyType === "affiliate" || k !== "commissionLost");
      return csvResponse(csvStream(csvColumns(keys.map((k) => ({ header: k, kind: k === "currency" ? ("text" as const) : ("number" as const), value: (r: (typeof rows)[number]) => r[k as keyof typeof r] }))), rows), name);
    }
    const records = dataset === "refunds" ? data.refunds : dataset === "chargebacks" ? data.chargebacks : undefined;
    if (records === undefined) return errorResponse(404, "not_found", `No CSV named "${dataset}" in this report.`);
    if (records === null) return errorResponse(404, "not_found", `The Sales API does not offer ${dataset} records right now.`);
    const columns = genericColumns(records, 60);
    return csvResponse(csvStream(csvColumns(columns.map((c) => ({ header: c.key, kind: kindOf(c), value: (r: Record<string, unknown>) => (c.kind === "personal" ? maskPersonal(c.key, r[c.key]) : r[c.key]) }))), records), name);
  });
}
