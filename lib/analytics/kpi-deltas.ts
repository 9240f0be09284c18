// Change of each KPI against a comparison period, per currency: what the KPI cards of every
// report show as "+12.5% vs comparison". Money and counts differ in integer cents, so 0.3 − 0.1
// is 0.2; a rate or a duration differs as it is (in points), without a relative change.
import { fromCents, toCents } from "./money";

/** How a figure reads: money per currency, a count, a fraction (0.25 = 25 %), or minutes. */
export type ValueKind = "money" | "count" | "rate" | "minutes";

export interface KpiDelta {
  current: number | null;
  previous: number | null;
  /** current − previous; null when either is null. */
  absolute: number | null;
  /** (current − previous) / previous, as a fraction (0.25 = +25 %); null when previous is 0 or null. */
  relative: number | null;
  /**
   * True when the comparison period has no data for this figure: no record of the currency in
   * it, or no value (a ratio over nothing). The page says "no data in the comparison period"
   * instead of a change; a zero base keeps its change and loses only the percentage.
   */
  noComparisonData: boolean;
}

export type KpiKey<K> = Exclude<keyof K, "currency">;

export interface KpiDeltaRow<K> {
  currency: string;
  deltas: Record<KpiKey<K>, KpiDelta>;
}

// A ratio of an empty period is undefined, not zero: an average over no orders stays null.
const RATIOS: ReadonlySet<string> = new Set(["averageOrderValue"]);
const isRatio = (key: string, kind: ValueKind | undefined) => RATIOS.has(key) || kind === "rate" || kind === "minutes";

/**
 * Whether a figure has nothing to be compared with. A zero in a comparison period that has
 * data (no refunds last month) is a real value: its change is shown, only its percentage is not.
 */
export function lacksComparison(previous: number | null | undefined): boolean {
  return previous === null || previous === undefined;
}

function delta(current: number | null, previous: number | null, periodHasCurrency: boolean, kind: ValueKind | undefined): KpiDelta {
  const noComparisonData = !periodHasCurrency || lacksComparison(previous);
  if (current === null || previous === null) return { current, previous, absolute: null, relative: null, noComparisonData };
  if (kind === "rate" || kind === "minutes") return { current, previous, absolute: current - previous, relative: null, noComparisonData };
  const c = toCents(current);
  const p = toCents(previous);
  return { current, previous, absolute: fromCents(c - p), relative: p === 0 ? null : (c - p) / p, noComparisonData };
}

/**
 * Pairs rows of the same currency. A currency present in one period only is compared with
 * zeros (a first sale in brl is a change from 0, with no relative change), and a currency
 * absent from the comparison period has no comparison data at all.
 */
export function kpiDeltas<K extends { currency: string }>(current: readonly K[], previous: readonly K[], kinds: Partial<Record<KpiKey<K>, ValueKind>> = {}): KpiDeltaRow<K>[] {
  const kindOf = (key: string) => (kinds as Record<string, ValueKind | undefined>)[key];
  const previousByCurrency = new Map(previous.map((row) => [row.currency, row]));
  const currencies = [...new Set([...current.map((r) => r.currency), ...previous.map((r) => r.currency)])];
  const currentByCurrency = new Map(current.map((row) => [row.currency, row]));
  return currencies.map((currency) => {
    const now = currentByCurrency.get(currency);
    const before = previousByCurrency.get(currency);
    const template = (now ?? before) as K;
    const valueOf = (row: K | undefined, key: string): number | null => {
      if (row) return (row as unknown as Record<string, number | null>)[key] ?? null;
      return isRatio(key, kindOf(key)) ? null : 0;
    };
    const deltas = {} as Record<string, KpiDelta>;
    for (const key of Object.keys(template)) {
      if (key !== "currency") deltas[key] = delta(valueOf(now, key), valueOf(before, key), before !== undefined, kindOf(key));
    }
    return { currency, deltas: deltas as Record<KpiKey<K>, KpiDelta> };
  });
}
