// The Overview's small judgements, pure so the unit tests hold them: where a chargeback rate
// stands against the card networks' thresholds, and the five largest rows of a breakdown.
import type { CurrencyBreakdown, DimensionRow } from "@/lib/analytics/breakdowns";

/**
 * Card networks put a merchant under monitoring from about 0.9% of sales charged back and call
 * it excessive from about 1.5% (the same marks as the Refunds report's gauge). The rate is
 * chargebacks ÷ purchases, as lib/analytics/refund-kpis computes it.
 */
export const CHARGEBACK_THRESHOLDS = { watch: 0.009, excessive: 0.015 } as const;

export type RateStanding = "ok" | "watch" | "excessive";

/** At a threshold counts as over it: the networks' programmes start at the mark. Null without purchases. */
export function chargebackStanding(rate: number | null): RateStanding | null {
  if (rate === null) return null;
  if (rate >= CHARGEBACK_THRESHOLDS.excessive) return "excessive";
  if (rate >= CHARGEBACK_THRESHOLDS.watch) return "watch";
  return "ok";
}

export const TOP_ROWS = 5;

export interface TopRows { currency: string; rows: DimensionRow[] }

/** Per currency (never merged across currencies), the largest amounts first; ties by count, then key. */
export function topRows(breakdown: readonly CurrencyBreakdown[], limit = TOP_ROWS): TopRows[] {
  return breakdown.map((b) => ({
    currency: b.currency,
    rows: [...b.rows].sort((x, y) => y.amount - x.amount || y.count - x.count || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)).slice(0, limit),
  }));
}
