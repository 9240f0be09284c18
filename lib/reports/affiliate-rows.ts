// The leaderboard's rows as the table shows them: filtered by name and flag, sorted by one
// column. Shared by the page and its tests; the sort keys are the URL's (affiliates.sort).
import type { AffiliateRow } from "@/lib/analytics/affiliate-leaderboard";
import { AFFILIATE_SORTS } from "@/lib/report-params/table-columns";

export type AffiliateSort = (typeof AFFILIATE_SORTS)[number];
export const DEFAULT_AFFILIATE_SORT: AffiliateSort = "netRevenue";

const isSort = (s: string): s is AffiliateSort => (AFFILIATE_SORTS as readonly string[]).includes(s);

const VALUE: Record<Exclude<AffiliateSort, "affiliate">, (r: AffiliateRow) => number | null> = {
  sales: (r) => r.sales,
  netRevenue: (r) => r.netRevenue,
  commission: (r) => r.commission,
  orderBump: (r) => r.orderBump.rate,
  upsell: (r) => r.upsell.rate,
  refundRate: (r) => r.refunds.rate,
  chargebackRate: (r) => r.chargebacks.rate,
  // A new affiliate ranks above any growth: it grew from nothing.
  trend: (r) => (r.trend === null ? null : r.trend.isNew ? Infinity : r.trend.salesChange),
};

export const isFlagged = (r: AffiliateRow) => r.refunds.flag === "high" || r.chargebacks.flag === "high";

/** The rows whose name holds `text` (any case), only the flagged ones if asked, sorted; a figure without value sorts last either way. */
export function shownAffiliateRows(rows: readonly AffiliateRow[], o: { text: string; flaggedOnly: boolean; sort: string; dir: "asc" | "desc" }): AffiliateRow[] {
  const needle = o.text.trim().toLocaleLowerCase();
  const sort = isSort(o.sort) ? o.sort : DEFAULT_AFFILIATE_SORT;
  const sign = o.dir === "asc" ? 1 : -1;
  const byName = (a: AffiliateRow, b: AffiliateRow) => a.affiliate.localeCompare(b.affiliate);
  const compare = sort === "affiliate"
    ? (a: AffiliateRow, b: AffiliateRow) => sign * byName(a, b)
    : (a: AffiliateRow, b: AffiliateRow) => {
      const x = VALUE[sort](a);
      const y = VALUE[sort](b);
      if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
      return x === y ? byName(a, b) : sign * (x < y ? -1 : 1);
    };
  return rows.filter((r) => (!needle || r.affiliate.toLocaleLowerCase().includes(needle)) && (!o.flaggedOnly || isFlagged(r))).sort(compare);
}
