import "server-only";

// The orders table's page: customer details masked unless the user asked to see them.
import { formatMoney, formatUtc } from "@/lib/format";
import { maskEmail, maskName } from "@/lib/privacy/mask";
import type { Order } from "@/lib/sales-api";
import { tablePage, type TableRequest } from "./table-page";

export const ORDER_SORT_KEYS = ["createdAt", "amount", "product", "milestone", "country"] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

export interface OrderRow { id: string; createdAt: string; product: string; amount: string; milestone: string; carrier: string; country: string; customer: string; email: string }

export function orderRowsPage(orders: readonly Order[], request: TableRequest<OrderSortKey>) {
  return tablePage(
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
    (o, reveal): OrderRow => ({
      id: String(o.orderId),
      createdAt: formatUtc(o.orderCreatedAt ?? o.checkoutInitializedAt),
      product: o.productName ?? "",
      amount: formatMoney(o.amountTransaction, o.currency ?? "unknown"),
      milestone: (o.lastTrackingMilestone ?? "—").replaceAll("_", " "),
      carrier: o.trackingCarrier ?? "",
      country: o.shippingCountry ?? "",
      customer: reveal ? (o.customerName ?? "") : maskName(o.customerName),
      email: reveal ? (o.customerEmail ?? "") : maskEmail(o.customerEmail),
    }),
  );
}
