import "server-only";

// The purchases table's page: customer details masked unless the user asked to see them.
import { formatMoney, formatUtc } from "@/lib/format";
import { maskEmail, maskName } from "@/lib/privacy/mask";
import type { KeyType, Purchase } from "@/lib/sales-api";
import { amountFor } from "./revenue-report";
import type { TableRow } from "./revenue-view";
import { tablePage, type TableRequest } from "./table-page";

export const PURCHASE_SORT_KEYS = ["createdAt", "amount", "product", "type", "method", "country"] as const;
export type PurchaseSortKey = (typeof PURCHASE_SORT_KEYS)[number];

export function purchaseRowsPage(purchases: readonly Purchase[], keyType: KeyType, fallbackCurrency: string, request: TableRequest<PurchaseSortKey>) {
  const value = amountFor(keyType);
  return tablePage(
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
    (p, reveal): TableRow => ({
      id: String(p.purchaseId),
      createdAt: formatUtc(p.purchaseCreatedAt),
      product: p.productName ?? "",
      offer: p.offerCode ?? "",
      type: p.purchaseType,
      method: p.paymentMethod ?? "",
      country: p.billingCountry ?? "",
      amount: formatMoney(value(p) ?? 0, p.currency ?? fallbackCurrency),
      currency: p.currency ?? fallbackCurrency,
      customer: reveal ? (p.customerName ?? "") : maskName(p.customerName),
      email: reveal ? (p.customerEmail ?? "") : maskEmail(p.customerEmail),
    }),
  );
}
