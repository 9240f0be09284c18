// The values explainChange (contribution.ts) weighs, read off the Revenue report's own
// breakdowns (lib/analytics/purchase-summary-views.ts): each dimension's keys with their
// purchases or cents in the period and in its baseline, for one currency. A baseline of several
// periods (the same weekday of four weeks) is their mean.
import { toCents } from "@/lib/analytics/money";
import { SUMMARY_DIMENSIONS } from "@/lib/analytics/purchase-summary";
import type { summaryBreakdowns } from "@/lib/analytics/purchase-summary-views";
import type { Dimension } from "@/lib/analytics/dimensions";
import type { DimensionValues, KeyValues } from "./contribution";

export type SummaryBreakdowns = ReturnType<typeof summaryBreakdowns<Dimension>>;

/** The figures a change is told in: what the dimensions split (purchases, and the key's amount). */
export type ChangeFigure = "purchases" | "amount";

/** An offer is one product's (or a few): a product and its only offer would be told twice (explainChange's sameSales). */
export const SAME_SALES = [["product", "offer"]] as const;

export function summaryDimensionValues(now: SummaryBreakdowns, before: readonly SummaryBreakdowns[], currency: string, figure: ChangeFigure): DimensionValues<Dimension>[] {
  return SUMMARY_DIMENSIONS.map((dimension) => {
    const keys = new Map<string, KeyValues & { previous: number }>();
    const add = (split: SummaryBreakdowns, side: "current" | "previous", weight: number) => {
      for (const row of split[dimension].find((b) => b.currency === currency)?.rows ?? []) {
        const entry = keys.get(row.key) ?? { key: row.key, ...(row.label ? { label: row.label } : {}), current: 0, previous: 0 };
        entry[side] += (figure === "purchases" ? row.count : toCents(row.amount)) * weight;
        keys.set(row.key, entry);
      }
    };
    add(now, "current", 1);
    for (const split of before) add(split, "previous", 1 / before.length);
    return { dimension, keys: [...keys.values()] };
  });
}
