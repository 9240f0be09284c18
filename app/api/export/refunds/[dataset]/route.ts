// GET /api/export/refunds/{refunds|chargebacks|kpis}?{report params}: the Refunds & chargebacks
// report's CSVs (the whole filtered range), for the signed-in account only.
import { refundKpis } from "@/lib/analytics/refund-kpis";
import { csvColumns } from "@/lib/csv/columns";
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse as plainCsvResponse, csvStream } from "@/lib/csv/stream";
import { lookupExport } from "@/lib/reports/server/export-names";
import { incompleteReason, withIncompleteNotice } from "@/lib/reports/server/export-notice";
import { genericColumnsOrDefault, maskPersonal, type GenericColumn } from "@/lib/reports/generic-columns";
import { loadRefundRecords } from "@/lib/reports/server/refunds-records";
import { periodQuality } from "@/lib/reports/report-quality";
import { errorResponse, handleReportRequest } from "@/lib/reports/server/report-route";

const kindOf = (c: GenericColumn) => (c.kind === "money" ? "money" : c.kind === "date" ? "date" : /Id$|^id$/.test(c.key) ? "id" : "text");

// The record fields are not in the contract; with no record to read them from, the header
// names the fields every refund or chargeback is expected to carry.
const DATASETS = new Map<string, { records: "refunds" | "chargebacks" | null; emptyHeader: string[] }>([
  ["refunds", { records: "refunds", emptyHeader: ["refundId", "purchaseId", "currency", "amount", "requestedAt"] }],
  ["chargebacks", { records: "chargebacks", emptyHeader: ["chargebackId", "purchaseId", "currency", "amount", "requestedAt"] }],
  ["kpis", { records: null, emptyHeader: ["currency"] }],
]);

export async function GET(request: Request, context: { params: Promise<{ dataset: string }> }) {
  const { dataset } = await context.params;
  return handleReportRequest(request, { creatorOnly: false }, async ({ account, client, params }) => {
    const known = lookupExport(DATASETS, dataset);
    if (!known.ok) return errorResponse(404, "not_found", known.message);
    const data = await loadRefundRecords(client, params, { signal: request.signal });
    const reason = incompleteReason(periodQuality(data.reports));
    const name = csvFilename({ accountLabel: account.label, report: `refunds-${dataset}`, from: params.from, to: params.to, incomplete: reason !== null });
    const csvResponse = (stream: ReadableStream<Uint8Array>) => withIncompleteNotice(plainCsvResponse(stream, name), reason);
    if (known.value.records === null) {
      const rows = refundKpis(data.purchases, data.refunds, data.chargebacks, params.dating, data.currency.currency);
      const keys = rows[0] ? Object.keys(rows[0]).filter((k) => account.keyType === "affiliate" || k !== "commissionLost") : known.value.emptyHeader;
      return csvResponse(csvStream(csvColumns(keys.map((k) => ({ header: k, kind: k === "currency" ? ("text" as const) : ("number" as const), value: (r: (typeof rows)[number]) => r[k as keyof typeof r] }))), rows));
    }
    const records = data[known.value.records];
    if (records === null) return errorResponse(404, "not_found", `The Sales API does not offer ${dataset} records right now.`);
    const columns = genericColumnsOrDefault(records, 60, known.value.emptyHeader);
    return csvResponse(csvStream(csvColumns(columns.map((c) => ({ header: c.key, kind: kindOf(c), value: (r: Record<string, unknown>) => (c.kind === "personal" ? maskPersonal(c.key, r[c.key]) : r[c.key]) }))), records));
  });
}
