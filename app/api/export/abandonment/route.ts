// GET /api/export/abandonment?{report params}: every abandoned cart of the filtered range as
// CSV (creator keys only), customer details masked.
import { cartCurrencyResolver } from "@/lib/analytics/abandonment-currency";
import { csvColumns } from "@/lib/csv/columns";
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { maskEmail, maskName, maskPhone } from "@/lib/privacy/mask";
import { loadAbandonmentRecords } from "@/lib/reports/server/abandonment-records";
import { incompleteReason, withIncompleteNotice } from "@/lib/reports/server/export-notice";
import { periodQuality } from "@/lib/reports/report-quality";
import { handleReportRequest } from "@/lib/reports/server/report-route";
import type { AbandonedCart } from "@/lib/sales-api";

export function GET(request: Request) {
  return handleReportRequest(request, { creatorOnly: true }, async ({ account, client, params }) => {
    const data = await loadAbandonmentRecords(client, params, { signal: request.signal });
    const currencyOf = cartCurrencyResolver({ currencyOf: data.currencyOf });
    const columns = csvColumns<AbandonedCart>([
      { header: "checkoutId", kind: "id", value: (c) => c.checkoutId },
      { header: "sessionInitializedAt", kind: "date", value: (c) => c.sessionInitializedAt },
      { header: "abandonedAt", kind: "date", value: (c) => c.abandonedAt },
      { header: "offerCode", kind: "text", value: (c) => c.offerCode },
      { header: "productName", kind: "text", value: (c) => c.productName },
      { header: "currency (of the offer)", kind: "text", value: currencyOf },
      { header: "amountTransaction", kind: "money", value: (c) => c.amountTransaction },
      { header: "paymentMethod", kind: "text", value: (c) => c.paymentMethod },
      { header: "psp", kind: "text", value: (c) => c.psp },
      { header: "cardBrand", kind: "text", value: (c) => c.cardBrand },
      { header: "cardLast4", kind: "id", value: (c) => c.cardLast4 },
      { header: "attemptCount", kind: "number", value: (c) => c.attemptCount },
      { header: "attemptApprovedCount", kind: "number", value: (c) => c.attemptApprovedCount },
      { header: "attemptDeclinedCount", kind: "number", value: (c) => c.attemptDeclinedCount },
      { header: "lastDeclineCode", kind: "text", value: (c) => c.lastDeclineCode },
      { header: "isRecovered", kind: "text", value: (c) => (c.isRecovered ? "true" : "false") },
      { header: "purchasedAt", kind: "date", value: (c) => c.purchasedAt },
      { header: "orderId", kind: "id", value: (c) => c.orderId },
      { header: "shippingCountry", kind: "text", value: (c) => c.shippingCountry },
      { header: "shippingState", kind: "text", value: (c) => c.shippingState },
      { header: "customerName (masked)", kind: "text", value: (c) => maskName(c.customerName) },
      { header: "customerEmail (masked)", kind: "text", value: (c) => maskEmail(c.customerEmail) },
      { header: "customerPhone (masked)", kind: "text", value: (c) => maskPhone(c.customerPhone) },
    ]);
    const reason = incompleteReason(periodQuality(data.reports));
    return withIncompleteNotice(csvResponse(csvStream(columns, data.carts), csvFilename({ accountLabel: account.label, report: "abandoned-carts", from: params.from, to: params.to, incomplete: reason !== null })), reason);
  });
}
