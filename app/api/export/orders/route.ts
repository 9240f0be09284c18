// GET /api/export/orders?{report params}: every order of the filtered range as CSV (creator
// keys only; an affiliate session gets 403), customer details masked.
import { csvColumns } from "@/lib/csv/columns";
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { maskName } from "@/lib/privacy/mask";
import { loadOrders } from "@/lib/reports/server/orders-report";
import { incompleteReason, withIncompleteNotice } from "@/lib/reports/server/export-notice";
import { periodQuality } from "@/lib/reports/report-quality";
import { handleReportRequest } from "@/lib/reports/server/report-route";
import type { Order } from "@/lib/sales-api";

const columns = csvColumns<Order>([
  { header: "orderId", kind: "id", value: (o) => o.orderId },
  { header: "checkoutInitializedAt", kind: "date", value: (o) => o.checkoutInitializedAt },
  { header: "orderCreatedAt", kind: "date", value: (o) => o.orderCreatedAt },
  { header: "orderCompletedAt", kind: "date", value: (o) => o.orderCompletedAt },
  { header: "currency", kind: "text", value: (o) => o.currency },
  { header: "productName", kind: "text", value: (o) => o.productName },
  { header: "offerCode", kind: "text", value: (o) => o.offerCode },
  { header: "supplierName", kind: "text", value: (o) => o.supplierName },
  { header: "paymentMethod", kind: "text", value: (o) => o.paymentMethod },
  { header: "psp", kind: "text", value: (o) => o.psp },
  { header: "cardBrand", kind: "text", value: (o) => o.cardBrand },
  { header: "cardLast4", kind: "id", value: (o) => o.cardLast4 },
  { header: "shippingCountry", kind: "text", value: (o) => o.shippingCountry },
  { header: "customerName (masked)", kind: "text", value: (o) => maskName(o.customerName) },
  { header: "amountTransaction", kind: "money", value: (o) => o.amountTransaction },
  { header: "amountCreatorNet", kind: "money", value: (o) => o.amountCreatorNet },
  { header: "amountRefunded", kind: "money", value: (o) => o.amountRefunded },
  { header: "purchaseCount", kind: "number", value: (o) => o.purchaseCount },
  { header: "lastTrackingMilestone", kind: "text", value: (o) => o.lastTrackingMilestone },
  { header: "trackingCarrier", kind: "text", value: (o) => o.trackingCarrier },
  { header: "deliveredAt", kind: "date", value: (o) => o.deliveredAt },
]);

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: true }, async ({ account, client, params }) => {
    const { orders, report } = await loadOrders(client, params, { signal: request.signal });
    const reason = incompleteReason(periodQuality([report]));
    return withIncompleteNotice(csvResponse(csvStream(columns, orders), csvFilename({ accountLabel: account.label, report: "orders", from: params.from, to: params.to, incomplete: reason !== null })), reason);
  });
}
