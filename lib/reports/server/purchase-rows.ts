import "server-only";

// The purchases table's page, customer details always masked; the details themselves are
// answered for the rows on screen by the reveal action (customer-details.ts).
import { formatInZone, formatMoney } from "@/lib/format";
import { maskEmail, maskName } from "@/lib/privacy/mask";
import type { KeyType, Purchase } from "@/lib/sales-api";
import { saleShareOf } from "@/lib/analytics/key-share";
import type { TableRow } from "@/lib/reports/revenue-view";
import { sortedPage, type OrderMemo, type TableRequest } from "@/lib/reports/server/table-page";

export const PURCHASE_SORT_KEYS = ["createdAt", "amount", "product", "type", "method", "country"] as const;
export type PurchaseSortKey = (typeof PURCHASE_SORT_KEYS)[number];

export const purchaseRowId = (p: Purchase): string => String(p.purchaseId);

export function purchaseDetails(p: Purchase): Record<string, string> {
  return { customer: p.customerName ?? "", email: p.customerEmail ?? "" };
}

/** A purchase as the table shows it (customer details masked), whichever way its page was found. */
export function purchaseRow(p: Purchase, value: (p: Purchase) => number | null | undefined, fallbackCurrency: string, timeZone: string | undefined): TableRow {
  return {
    id: purchaseRowId(p),
    createdAt: formatInZone(p.purchaseCreatedAt, timeZone),
    product: p.productName ?? "",
    offer: p.offerCode ?? "",
    offerName: p.offerName ?? "",
    type: p.purchaseType,
    method: p.paymentMethod ?? "",
    psp: p.psp ?? "",
    cardBrand: p.cardBrand ?? "",
    country: p.billingCountry ?? "",
    amount: formatMoney(value(p) ?? 0, p.currency ?? fallbackCurrency),
    currency: p.currency ?? fallbackCurrency,
    customer: maskName(p.customerName),
    email: maskEmail(p.customerEmail),
  };
}

/**
 * Today's page: every record of the range sorted here. The fact store sorts the same way
 * (lib/store/purchase-fact-sql.ts, pageStatement: the same values, then the purchase id in the
 * same direction); purchase-table-facts.ts answers from it when it holds the range.
 */
export function purchaseRowsPage(purchases: readonly Purchase[], keyType: KeyType, fallbackCurrency: string, request: TableRequest<PurchaseSortKey>, memo?: OrderMemo) {
  const value = saleShareOf(keyType);
  return sortedPage(
    purchases,
    request,
    {
      createdAt: (p) => p.purchaseCreatedAt,
      amount: (p) => value(p) ?? 0,
      product: (p) => p.productName ?? "",
      type: (p) => p.purchaseType,
      method: (p) => p.paymentMethod ?? "",
      country: (p) => p.billingCountry ?? "",
    },
    (p) => p.purchaseId,
    (p) => purchaseRow(p, value, fallbackCurrency, request.timeZone),
    memo,
  );
}
