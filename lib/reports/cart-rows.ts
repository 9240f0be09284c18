import "server-only";

// The abandoned-carts table's page: customer details masked unless the user asked to see them.
import { formatMoney, formatUtc } from "@/lib/format";
import { maskEmail, maskName, maskPhone } from "@/lib/privacy/mask";
import type { AbandonedCart } from "@/lib/sales-api";
import { tablePage, type TableRequest } from "./table-page";

export const CART_SORT_KEYS = ["sessionAt", "amount", "product", "attempts", "decline", "recovered"] as const;
export type CartSortKey = (typeof CART_SORT_KEYS)[number];

export interface CartRow { checkoutId: string; sessionAt: string; product: string; amount: string; attempts: number; decline: string; recovered: string; country: string; customer: string; email: string; phone: string }

export function cartRowsPage(carts: readonly AbandonedCart[], currencyOf: (c: AbandonedCart) => string, request: TableRequest<CartSortKey>) {
  return tablePage(
    carts,
    request,
    {
      sessionAt: (c) => c.sessionInitializedAt,
      amount: (c) => c.amountTransaction,
      product: (c) => c.productName ?? "",
      attempts: (c) => c.attemptCount ?? 0,
      decline: (c) => c.lastDeclineCode ?? "",
      recovered: (c) => (c.isRecovered ? 1 : 0),
    },
    (c) => Date.parse(c.sessionInitializedAt),
    (c, reveal): CartRow => ({
      checkoutId: c.checkoutId,
      sessionAt: formatUtc(c.sessionInitializedAt),
      product: c.productName ?? "",
      amount: formatMoney(c.amountTransaction, currencyOf(c)),
      attempts: c.attemptCount ?? 0,
      decline: c.lastDeclineCode ?? "",
      recovered: c.isRecovered ? "yes" : "no",
      country: c.shippingCountry ?? "",
      customer: reveal ? (c.customerName ?? "") : maskName(c.customerName),
      email: reveal ? (c.customerEmail ?? "") : maskEmail(c.customerEmail),
      phone: reveal ? (c.customerPhone ?? "") : maskPhone(c.customerPhone),
    }),
  );
}
