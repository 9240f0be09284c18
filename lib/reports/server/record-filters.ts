import "server-only";

// The URL's filters applied to records other than purchases (orders, carts, refund records),
// each report saying which field answers which filter. Purchases use lib/analytics/filters.
// "none" means one thing everywhere (lib/analytics/dimensions' NONE): a record without the
// field, or with null or "" in it, is "none", as the filter choices offer it and as the
// purchases' breakdowns key it; a value literally named "none" is the same key.
import { NONE } from "@/lib/analytics/dimensions";
import type { FilterKey } from "@/lib/report-params/definitions";

export type FilterPickers<T> = Partial<Record<FilterKey, (record: T) => string | null | undefined>>;

/**
 * True when the record passes every active filter. With `absentPasses`, a picker answering
 * `undefined` means the record does not carry that field (records whose fields the contract
 * does not show), and the filter cannot exclude it.
 */
export function matchesFilters<T>(record: T, filters: Record<FilterKey, string[]>, pickers: FilterPickers<T>, options: { absentPasses?: boolean } = {}): boolean {
  for (const key of Object.keys(pickers) as FilterKey[]) {
    const wanted = filters[key];
    if (wanted.length === 0) continue;
    const value = pickers[key]!(record);
    if (value === undefined && options.absentPasses) continue;
    if (!wanted.includes(value || NONE)) return false;
  }
  return true;
}

/** The values each filter of `pickers` can take among `records` (unfiltered), sorted: the report's filter choices. */
export function filterOptionsOf<T>(records: readonly T[], pickers: FilterPickers<T>): Partial<Record<FilterKey, string[]>> {
  const options: Partial<Record<FilterKey, string[]>> = {};
  for (const key of Object.keys(pickers) as FilterKey[]) {
    const values = new Set<string>();
    for (const record of records) {
      const value = pickers[key]!(record);
      if (value !== undefined) values.add(value || NONE);
    }
    options[key] = [...values].sort();
  }
  return options;
}
