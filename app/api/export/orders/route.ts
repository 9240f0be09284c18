// GET /api/export/orders?{report params}: every order of the filtered range as CSV (creator
// keys only; an affiliate session gets 403), customer details masked.
import { NextResponse } from "next/server";
import { csvColumns } from "@/lib/csv/columns";
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { maskName } from "@/lib/privacy/mask";
import { parseReportParams } from "@/lib/report-params/parse";
import { describeReportError } from "@/lib/reports/describe-error";
import { loadOrders } from "@/lib/reports/orders-report";
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

export async function GET(request: Request) {
  const account = await getSessionAccount();
  const client = account && (await getSessionClient(account));
  if (!account || !client) return NextResponse.json({ error: { code: "unauthenticated", message: "Sign in again." } }, { status: 401 });
  if (account.keyType !== "creator") return NextResponse.json({ error: { code: "forbidden", message: "Orders need a creator key." } }, { status: 403 });
  const { params, problems } = parseReportParams(Object.fromEntries(new URL(request.url).searchParams));
  if (problems.length) return NextResponse.json({ error: { code: "invalid_request", message: problems.join(" ") } }, { status: 400 });
  try {
    const { orders } = await loadOrders(client, params, request.signal);
    return csvResponse(csvStream(columns, orders), csvFilename({ accountLabel: account.label, report: "orders", from: params.from, to: params.to }));
  } catch (error) {
    const failure = describeReportError(error);
    return NextResponse.json({ error: { code: failure.kind, message: `${failure.title}. ${failure.action}`, correlation_id: failure.correlationId } }, { status: failure.kind === "rate_limited" ? 429 : 502 });
  }
}
