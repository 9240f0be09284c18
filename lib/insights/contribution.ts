// What explains a change: given a figure's value per key of several dimensions (each dimension
// splits the whole figure: every record has one key, "none" included), in a period and in the
// period it is compared with, find the keys that account for more of the change than their
// weight before it would. A product that was a fifth of the sales and is all of a drop explains
// it; a country every sale shares, or a payment method the drop touched in proportion, does not.
//
// Pure and exact: the values are what the query layer answered (counts, or cents), and the
// shares are ratios of their differences. The figure's definition stays the query layer's.

/** One key of a dimension: its value now and before. */
export interface KeyValues {
  key: string;
  /** A readable name where the key is a code (an offer). */
  label?: string;
  current: number;
  previous: number;
}

export interface DimensionValues<D extends string = string> {
  dimension: D;
  keys: readonly KeyValues[];
}

export interface Finding<D extends string = string> {
  dimension: D;
  key: string;
  label?: string;
  current: number;
  previous: number;
  /** The key's part of the whole change: (current − previous) / the change. Above 1 when other keys moved the other way. */
  share: number;
  /** The key's part of the whole before (of the whole now, when there was nothing before). */
  weight: number;
}

export interface ExplainOptions {
  /** Findings kept, one per dimension at most. */
  limit?: number;
  /** A key explains only when its share of the change is at least this much... */
  minShare?: number;
  /** ...and exceeds its weight by at least this much. */
  minLift?: number;
  /**
   * Dimensions that may show the same sales twice (a product and its only offer): of two
   * findings of such dimensions with the very same figures, the second says nothing more and
   * is left out. Others are kept even when their figures match (5 to 0 happens to many keys).
   */
  sameSales?: ReadonlyArray<readonly [string, string]>;
}

const DEFAULTS: Required<ExplainOptions> = { limit: 3, minShare: 0.25, minLift: 0.15, sameSales: [] };

const sum = (keys: readonly KeyValues[], pick: (k: KeyValues) => number): number => keys.reduce((total, k) => total + pick(k), 0);

/**
 * The keys that explain the change, the most telling first (share minus weight; ties keep the
 * dimensions' order), one per dimension, only keys that moved the way the whole did (and not the
 * same sales twice: `sameSales`). Nothing when the whole did not change, or when the change is
 * spread over the keys as they weighed.
 */
export function explainChange<D extends string>(dimensions: readonly DimensionValues<D>[], given: ExplainOptions = {}): Finding<D>[] {
  const options = { ...DEFAULTS, ...given };
  const findings: Array<{ finding: Finding<D>; lift: number; order: number }> = [];
  dimensions.forEach(({ dimension, keys }, order) => {
    const change = sum(keys, (k) => k.current - k.previous);
    if (change === 0) return;
    const before = sum(keys, (k) => k.previous);
    const base = before !== 0 ? before : sum(keys, (k) => k.current);
    let best: { finding: Finding<D>; lift: number; order: number } | null = null;
    for (const k of keys) {
      const share = (k.current - k.previous) / change;
      const weight = base === 0 ? 0 : (before !== 0 ? k.previous : k.current) / base;
      const lift = share - weight;
      if (share < options.minShare || lift < options.minLift) continue;
      if (!best || lift > best.lift || (lift === best.lift && k.key < best.finding.key)) {
        best = { finding: { dimension, key: k.key, ...(k.label ? { label: k.label } : {}), current: k.current, previous: k.previous, share, weight }, lift, order };
      }
    }
    if (best) findings.push(best);
  });
  const related = (a: string, b: string) => options.sameSales.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const kept: Finding<D>[] = [];
  for (const { finding } of findings.sort((a, b) => b.lift - a.lift || a.order - b.order)) {
    if (kept.length === options.limit) break;
    const repeats = kept.some((k) => related(k.dimension, finding.dimension) && k.current === finding.current && k.previous === finding.previous);
    if (!repeats) kept.push(finding);
  }
  return kept;
}
