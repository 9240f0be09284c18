import "server-only";

// The abandoned-carts table's page, customer details always masked; the details themselves
// are answered for the rows on screen by the reveal action (customer-details.ts).
import { formatInZone, formatMoney } from "@/lib/format";
import { maskEmail, maskName, maskPhone } from "@/lib/privacy/mask";
import type { AbandonedCart } from "@/lib/sales-api";
import { sortedPage, type OrderMemo, type TableRequest } from "@/lib/reports/server/table-page";

export const CART_SORT_KEYS = ["sessionAt", "amount", "product", "attempts", "decline", "recovered"] as const;
export type CartSortKey = (typeof CART_SORT_KEYS)[number];

export interface CartRow { checkoutId: string; sessionAt: string; product: string; amount: string; attempts: number; decline: string; recovered: string; country: string; customer: string; email: string; phone: string }

/** How the Recovered column says yes and no, in the reader's language. */
export interface RecoveredWords { yes: string; no: string }

export const cartRowId = (c: AbandonedCart): string => c.checkoutId;

export function cartDetails(c: AbandonedCart): Record<string, string> {
  return { customer: c.customerName ?? "", email: c.customerEmail ?? "", phone: c.customerPhone ?? "" };
}

export function cartRowsPage(carts: readonly AbandonedCart[], currencyOf: (c: AbandonedCart) => string, request: TableRequest<CartSortKey>, memo?: OrderMemo, locale = "en-US", recoveredWords: RecoveredWords = { yes: "yes", no: "no" }) {
  return sortedPage(
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
    (c): CartRow => ({
      checkoutId: cartRowId(c),
      sessionAt: formatInZone(c.sessionInitializedAt, request.timeZone),
      product: c.productName ?? "",
      amount: formatMoney(c.amountTransaction, currencyOf(c), locale),
      attempts: c.attemptCount ?? 0,
      decline: c.lastDeclineCode ?? "",
      recovered: c.isRecovered ? recoveredWords.yes : recoveredWords.no,
      country: c.shippingCountry ?? "",
      customer: maskName(c.customerName),
      email: maskEmail(c.customerEmail),
      phone: maskPhone(c.customerPhone),
    }),
    memo,
  );
}
