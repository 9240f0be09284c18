import "server-only";

// KPI cards of the Revenue report: which figures, in which order, with which labels. The
// affiliate's list is its own type, so no creator-only figure can slip into it.
import type { AffiliateKpis, CreatorKpis } from "@/lib/analytics/revenue-kpis";
import type { KpiSpec as Spec } from "@/lib/reports/kpi-cards";

export const CREATOR_KPIS: Spec<CreatorKpis> = [
  { key: "transactionAmount", label: "Transaction amount", kind: "money" },
  { key: "itemsGross", label: "Items gross", kind: "money" },
  { key: "itemsNet", label: "Items net", kind: "money" },
  { key: "shipping", label: "Shipping", kind: "money" },
  { key: "taxes", label: "Taxes", kind: "money" },
  { key: "platformFees", label: "Platform fees", kind: "money", lowerIsBetter: true },
  { key: "creatorNet", label: "Creator net", kind: "money" },
  { key: "affiliationPaid", label: "Affiliation paid", kind: "money" },
  { key: "refunded", label: "Refunded", kind: "money", lowerIsBetter: true },
  { key: "purchases", label: "Purchases", kind: "count" },
  { key: "orders", label: "Orders", kind: "count" },
  { key: "averageOrderValue", label: "Average order value", kind: "money" },
];

export const AFFILIATE_KPIS: Spec<AffiliateKpis> = [
  { key: "commission", label: "Commission", kind: "money" },
  { key: "commissionNet", label: "Commission net", kind: "money" },
  { key: "referredSales", label: "Referred sales", kind: "money" },
  { key: "refunded", label: "Refunded", kind: "money", lowerIsBetter: true },
  { key: "commissionLostToRefunds", label: "Commission lost to refunds", kind: "money", lowerIsBetter: true },
  { key: "purchases", label: "Purchases", kind: "count" },
  { key: "orders", label: "Orders", kind: "count" },
];
