import "server-only";

// The orders table's page, customer details always masked; the details themselves are
// answered for the rows on screen by the reveal action (customer-details.ts).
import { formatInZone, formatMoney } from "@/lib/format";
import { maskEmail, maskName } from "@/lib/privacy/mask";
import type { Order } from "@/lib/sales-api";
import { sortedPage, type OrderMemo, type TableRequest } from "@/lib/reports/server/table-page";

export const ORDER_SORT_KEYS = ["createdAt", "amount", "product", "milestone", "country"] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

export interface OrderRow { id: string; createdAt: string; product: string; amount: string; milestone: string; carrier: string; country: string; customer: string; email: string }

export const orderRowId = (o: Order): string => String(o.orderId);

export function orderDetails(o: Order): Record<string, string> {
  return { customer: o.customerName ?? "", email: o.customerEmail ?? "" };
}

/** An order as the table shows it (also from the orders fact table's page, order-table-facts.ts). */
export function orderRow(o: Order, timeZone: string | undefined, locale = "en-US"): OrderRow {
  return {
    id: orderRowId(o),
    createdAt: formatInZone(o.orderCreatedAt ?? o.checkoutInitializedAt, timeZone),
    product: o.productName ?? "",
    amount: formatMoney(o.amountTransaction, o.currency ?? "unknown", locale),
    milestone: o.lastTrackingMilestone ?? "",
    carrier: o.trackingCarrier ?? "",
    country: o.shippingCountry ?? "",
    customer: maskName(o.customerName),
    email: maskEmail(o.customerEmail),
  };
}

export function orderRowsPage(orders: readonly Order[], request: TableRequest<OrderSortKey>, memo?: OrderMemo, locale = "en-US") {
  return sortedPage(
    orders,
    request,
    {
      createdAt: (o) => o.orderCreatedAt ?? o.checkoutInitializedAt,
      amount: (o) => o.amountTransaction,
      product: (o) => o.productName ?? "",
      milestone: (o) => o.lastTrackingMilestone ?? "",
      country: (o) => o.shippingCountry ?? "",
    },
    (o) => o.orderId,
    (o) => orderRow(o, request.timeZone, locale),
    memo,
  );
}
