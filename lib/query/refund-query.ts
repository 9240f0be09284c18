import "server-only";

// The Refunds report's purchase figures of a local range, filtered, dated by sale, from the
// purchases fact store: the same inputs the records give (refund-kpis.ts's RefundSaleSums and
// the sales the chargebacks name; the refunded purchases' breakdown cells), so the KPIs and the
// breakdowns are read off them by the same functions (saleDatedRefundKpis, summariseCells).
import { summariseCells, type CurrencyBreakdown } from "@/lib/analytics/breakdowns";
import { KeyCells } from "@/lib/analytics/key-cells";
import type { RefundSale, RefundSaleSums } from "@/lib/analytics/refund-kpis";
import type { KeyType } from "@/lib/sales-api";
import type { PurchaseFactPlan, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { REFUND_DIMENSIONS } from "@/lib/store/refund-fact-sql";
import { purchasePlan } from "./purchase-query";
import type { PurchaseSummaryQuery } from "./purchase-summary-query";

export type RefundDimension = (typeof REFUND_DIMENSIONS)[number];

export interface RefundFacts {
  sums: RefundSaleSums[];
  /** Per dimension, per currency: the refunded purchases' counts and the key type's refunded share. */
  breakdowns: Record<RefundDimension, CurrencyBreakdown[]>;
  /** The days (YYYY-MM-DD) with a sale after the filters: what comparisonDataStart reads. */
  days: string[];
}

export function refundPlan(query: PurchaseSummaryQuery): PurchaseFactPlan {
  const { plan } = purchasePlan({ ...query, granularity: "day", keyType: "creator" });
  return { ...plan, bucketStarts: plan.bucketStarts.slice(0, 1) };
}

/** The period's sums and refunded purchases' breakdowns; a creator's refunded share is the refunded amount, an affiliate's the commission's share of it (key-share.ts). */
export async function refundFactsOf(store: PurchaseFactStore, account: string, plan: PurchaseFactPlan, keyType: KeyType): Promise<RefundFacts> {
  const groups = await store.refundGroups(account, plan);
  const labels = new Map(groups.labels.map((l) => [`${l.currency}\n${l.offer}`, l.label]));
  const tables = new Map<RefundDimension, Map<string, KeyCells>>(REFUND_DIMENSIONS.map((d) => [d, new Map()]));
  for (const c of groups.cells) {
    const byCurrency = tables.get(c.dimension as RefundDimension)!;
    const cells = byCurrency.get(c.currency) ?? byCurrency.set(c.currency, new KeyCells()).get(c.currency)!;
    const cell = cells.cellOf(c.key, c.dimension === "offer" ? labels.get(`${c.currency}\n${c.key}`) : undefined);
    cell.count += c.sales;
    cell.cents += keyType === "creator" ? c.refunded : c.commissionLost;
  }
  const breakdowns = Object.fromEntries(REFUND_DIMENSIONS.map((d) => [d, summariseCells(tables.get(d)!, d === "offer")])) as Record<RefundDimension, CurrencyBreakdown[]>;
  const sums = groups.sums.map((s): RefundSaleSums => ({ currency: s.currency, purchases: s.sales, sales: s.transaction, refunds: s.refunds, full: s.full, partial: s.partial, refunded: s.refunded, refundLoss: s.commissionLost }));
  return { sums, breakdowns, days: groups.days };
}

/** Which of `ids` are the plan's sales, by id (the last row of an id in the records' order wins, as salesById keeps it). */
export async function refundSalesOf(store: PurchaseFactStore, account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<Map<number, RefundSale>> {
  // The ids are one parameter of one statement (refund-fact-sql.ts), however many.
  const found = await store.salesOf(account, plan, ids);
  const sales = new Map<number, RefundSale>();
  for (let i = 0; i < found.length; i++) {
    sales.set(found.purchaseId[i]!, { currency: found.currencies[found.currency[i]!]!, transaction: found.transaction[i]!, affiliation: found.affiliation[i]!, refunded: found.refunded[i]! });
  }
  return sales;
}
