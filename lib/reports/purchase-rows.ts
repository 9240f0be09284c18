import "server-only";

// One page of the purchases table, sorted on the server over the whole filtered range, with
// customer details masked unless the user asked to see them.
import { formatMoney, formatUtc } from "@/lib/format";
import { maskEmail, maskName } from "@/lib/privacy/mask";
import type { KeyType, Purchase } from "@/lib/sales-api";
import { amountFor } from "./revenue-report";
import type { TableRow } from "./revenue-view";

export const SORT_KEYS = ["createdAt", "amount", "product", "type", "method", "country"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const MAX_PAGE_SIZE = 200;

export interface RowsRequest { page: number; pageSize: number; sort: SortKey; dir: "asc" | "desc"; reveal: boolean }

export function readRowsRequest(query: URLSearchParams): RowsRequest {
  const int = (name: string, fallback: number, max: number) => {
    const n = Number(query.get(name));
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
  };
  const sort = query.get("sort");
  return {
    page: int("page", 1, 1_000_000),
    pageSize: int("pageSize", 50, MAX_PAGE_SIZE),
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? "") ? (sort as SortKey) : "createdAt",
    dir: query.get("dir") === "asc" ? "asc" : "desc",
    reveal: query.get("reveal") === "1",
  };
}

export function purchaseRowsPage(purchases: readonly Purchase[], keyType: KeyType, fallbackCurrency: string, request: RowsRequest): { total: number; page: number; items: TableRow[] } {
  const value = amountFor(keyType);
  const key: Record<SortKey, (p: Purchase) => string | number> = {
    createdAt: (p) => p.purchaseCreatedAt,
    amount: (p) => value(p) ?? 0,
    product: (p) => p.productName ?? "",
    type: (p) => p.purchaseType,
    method: (p) => p.paymentMethod ?? "",
    country: (p) => p.billingCountry ?? "",
  };
  const pick = key[request.sort];
  const sign = request.dir === "asc" ? 1 : -1;
  const sorted = [...purchases].sort((a, b) => {
    const x = pick(a);
    const y = pick(b);
    return (x < y ? -1 : x > y ? 1 : 0) * sign || (a.purchaseId - b.purchaseId) * sign;
  });
  const pages = Math.max(1, Math.ceil(sorted.length / request.pageSize));
  const page = Math.min(request.page, pages);
  const slice = sorted.slice((page - 1) * request.pageSize, page * request.pageSize);
  return {
    total: sorted.length,
    page,
    items: slice.map((p) => ({
      id: String(p.purchaseId),
      createdAt: formatUtc(p.purchaseCreatedAt),
      product: p.productName ?? "",
      offer: p.offerCode ?? "",
      type: p.purchaseType,
      method: p.paymentMethod ?? "",
      country: p.billingCountry ?? "",
      amount: formatMoney(value(p) ?? 0, p.currency ?? fallbackCurrency),
      currency: p.currency ?? fallbackCurrency,
      customer: request.reveal ? (p.customerName ?? "") : maskName(p.customerName),
      email: request.reveal ? (p.customerEmail ?? "") : maskEmail(p.customerEmail),
    })),
  };
}
