// What carries a rate that is too high: given, per key of several dimensions, the events (the
// month's disputes) and the base they happen on (its sales), find the keys that hold a larger
// part of the events than of the base. A product with a tenth of the sales and half of the
// disputes carries them; a PSP every sale goes through does not. The same thresholds as a change's
// explanation (contribution.ts): a key holds a quarter of the events at least, and 15 points
// more of them than of the base; one per dimension, three at most, not the same sales twice.
//
// Pure and exact: counts as the query layer answered them; shares are their ratios.

export interface ConcentrationKey {
  key: string;
  label?: string;
  events: number;
  base: number;
}

export interface ConcentrationFinding<D extends string = string> {
  dimension: D;
  key: string;
  label?: string;
  events: number;
  base: number;
  /** The key's part of all the events, and of the whole base. */
  eventShare: number;
  baseShare: number;
}

export interface ConcentrationOptions {
  limit?: number;
  minShare?: number;
  minLift?: number;
  /** Dimensions that may show the same sales twice (a product and its only offer): the second is left out. */
  sameSales?: ReadonlyArray<readonly [string, string]>;
}

const DEFAULTS: Required<ConcentrationOptions> = { limit: 3, minShare: 0.25, minLift: 0.15, sameSales: [] };

export function explainConcentration<D extends string>(dimensions: ReadonlyArray<{ dimension: D; keys: readonly ConcentrationKey[] }>, given: ConcentrationOptions = {}): Array<ConcentrationFinding<D>> {
  const options = { ...DEFAULTS, ...given };
  const found: Array<{ finding: ConcentrationFinding<D>; lift: number; order: number }> = [];
  dimensions.forEach(({ dimension, keys }, order) => {
    const events = keys.reduce((sum, k) => sum + k.events, 0);
    const base = keys.reduce((sum, k) => sum + k.base, 0);
    if (events === 0 || base === 0) return;
    let best: { finding: ConcentrationFinding<D>; lift: number; order: number } | null = null;
    for (const k of keys) {
      const eventShare = k.events / events;
      const baseShare = k.base / base;
      const lift = eventShare - baseShare;
      if (eventShare < options.minShare || lift < options.minLift) continue;
      if (!best || lift > best.lift || (lift === best.lift && k.key < best.finding.key)) {
        best = { finding: { dimension, key: k.key, ...(k.label ? { label: k.label } : {}), events: k.events, base: k.base, eventShare, baseShare }, lift, order };
      }
    }
    if (best) found.push(best);
  });
  const related = (a: string, b: string) => options.sameSales.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const kept: Array<ConcentrationFinding<D>> = [];
  for (const { finding } of found.sort((a, b) => b.lift - a.lift || a.order - b.order)) {
    if (kept.length === options.limit) break;
    if (!kept.some((k) => related(k.dimension, finding.dimension) && k.events === finding.events && k.base === finding.base)) kept.push(finding);
  }
  return kept;
}
