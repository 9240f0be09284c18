import "server-only";

// The purchases overview of one range: totals per currency computed on the server, and
// only the newest rows, masked, for the page. Affiliates see their commission, never the
// creator's amounts.
import { totalsByCurrency } from "@/lib/analytics/totals-by-currency";
import { formatMoney, formatUtc } from "@/lib/format";
import { maskEmail, maskName } from "@/lib/privacy/mask";
import type { KeyType, Purchase, SalesApiClient } from "@/lib/sales-api";

const VISIBLE_ROWS = 25;

export async function loadPurchasesOverview(client: SalesApiClient, keyType: KeyType, range: { from: string; to: string }) {
  const { records, report } = await client.fetchRange("purchases", range);
  const amountOf = (p: Purchase) => (keyType === "creator" ? p.amountTransaction : p.amountAffiliation);
  const rows = records.slice(0, VISIBLE_ROWS).map((p) => ({
    id: String(p.purchaseId),
    createdAt: formatUtc(p.purchaseCreatedAt),
    product: p.productName ?? "",
    type: p.purchaseType,
    amount: formatMoney(amountOf(p) ?? 0, p.currency ?? "unknown"),
    customer: maskName(p.customerName),
    email: maskEmail(p.customerEmail),
  }));
  return {
    report,
    view: { amountLabel: keyType === "creator" ? "Transaction amount" : "Commission", totals: totalsByCurrency(records, amountOf), rows, totalCount: records.length },
  };
}
