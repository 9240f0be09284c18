// The report's filters: each dimension takes a list of accepted keys (the same keys the
// breakdowns show, "none" included); an empty or absent list accepts everything.
import type { FilterKey } from "@/lib/report-params/definitions";
import { dimensionKeys, type Dimension, type DimensionPurchase } from "./dimensions";

/** The dimension each URL filter narrows. */
export const FILTER_DIMENSION: Record<FilterKey, Dimension> = { product: "product", offer: "offer", type: "purchaseType", method: "paymentMethod", psp: "psp", brand: "cardBrand", country: "country", affiliate: "affiliate" };

/** The keys `filter` can take among `purchases` (the breakdowns' keys, "none" included), sorted. */
export function purchaseFilterKeys(purchases: readonly DimensionPurchase[], filter: FilterKey): string[] {
  const keyOf = dimensionKeys[FILTER_DIMENSION[filter]] as (p: DimensionPurchase) => string;
  return [...new Set(purchases.map(keyOf))].sort();
}

export type PurchaseFilters = Partial<Record<Dimension, readonly string[]>>;

export function filterPurchases<T extends DimensionPurchase>(purchases: readonly T[], filters: PurchaseFilters): T[] {
  // Only the dimensions with a non-empty list cost anything per record.
  const tests = (Object.keys(dimensionKeys) as Dimension[])
    .filter((d) => (filters[d]?.length ?? 0) > 0)
    .map((d) => {
      const accepted = new Set(filters[d]);
      const keyOf = dimensionKeys[d] as (p: DimensionPurchase) => string;
      return (p: DimensionPurchase) => accepted.has(keyOf(p));
    });
  if (tests.length === 0) return purchases.slice();
  return purchases.filter((p) => tests.every((test) => test(p)));
}
