// KPI cards of the Revenue report: which figures, in which order, with which labels. The
// affiliate's list is its own type, so no creator-only figure can slip into it.
import type { AffiliateKpis, CreatorKpis, KpiDeltaRow } from "@/lib/analytics/revenue-kpis";
import type { CurrencyKpis, ValueKind } from "./revenue-view";

type Spec<K> = ReadonlyArray<{ key: Exclude<keyof K, "currency">; label: string; kind: ValueKind; lowerIsBetter?: boolean }>;

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

/** `partialComparison`: the comparison period starts before the data, so no figure compares. */
export function kpiItems<K extends CreatorKpis | AffiliateKpis>(rows: readonly KpiDeltaRow<K>[], spec: Spec<K>, withComparison: boolean, partialComparison = false): CurrencyKpis[] {
  return rows.map((row) => ({
    currency: row.currency,
    items: spec.map(({ key, label, kind, lowerIsBetter = false }) => {
      const d = row.deltas[key];
      const noComparisonData = withComparison && (partialComparison || d.noComparisonData);
      return {
        key: String(key),
        label,
        kind,
        lowerIsBetter,
        value: d.current,
        previous: withComparison ? d.previous : null,
        change: withComparison ? d.absolute : null,
        changeRatio: withComparison && !noComparisonData ? d.relative : null,
        noComparisonData,
      };
    }),
  }));
}
