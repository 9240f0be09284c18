// The report's filters: each dimension takes a list of accepted keys (the same keys the
// breakdowns show, "none" included); an empty or absent list accepts everything.
import { dimensionKeys, type Dimension, type DimensionPurchase } from "./dimensions";

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
