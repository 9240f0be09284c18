import "server-only";

// The orders overview of one range (creator keys only): totals per currency, delivery
// milestones, and the newest rows, masked.
import { totalsByCurrency } from "@/lib/analytics/totals-by-currency";
import { formatMoney, formatUtc } from "@/lib/format";
import { maskName } from "@/lib/privacy/mask";
import type { SalesApiClient } from "@/lib/sales-api";

export async function loadOrdersOverview(client: SalesApiClient, range: { from: string; to: string }) {
  const { records, report } = await client.fetchRange("orders", range);
  const milestones = new Map<string, number>();
  for (const o of records) {
    const key = o.lastTrackingMilestone ?? "no shipment (digital)";
    milestones.set(key, (milestones.get(key) ?? 0) + 1);
  }
  return {
    report,
    totalCount: records.length,
    totals: totalsByCurrency(records, (o) => o.amountTransaction),
    milestones: [...milestones].sort((a, b) => b[1] - a[1]),
    rows: records.slice(0, 25).map((o) => ({
      id: String(o.orderId),
      createdAt: formatUtc(o.orderCreatedAt ?? o.checkoutInitializedAt),
      product: o.productName ?? "",
      amount: formatMoney(o.amountTransaction, o.currency ?? "unknown"),
      milestone: o.lastTrackingMilestone ?? "—",
      customer: maskName(o.customerName),
    })),
  };
}
