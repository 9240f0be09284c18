// The KPI cards of every report, made on the server in one way: which figures, in which order,
// with which labels, and their change against the comparison period taken by kpiDeltas (money
// in integer cents). The browser only formats what it receives; it never subtracts.
import { kpiDeltas, type KpiKey, type ValueKind } from "@/lib/analytics/kpi-deltas";

export type { ValueKind } from "@/lib/analytics/kpi-deltas";

export interface KpiItem {
  key: string;
  /** English, for CSV headers and cells. */
  label: string;
  /** The card's words on screen: a key of the `report.kpis` messages. */
  labelKey: string;
  kind: ValueKind;
  value: number | null;
  previous: number | null;
  /** value − previous (money in cents, a rate in points); null without a comparison. */
  change: number | null;
  /** change / previous; null without a comparison, for a zero base, and for rates and durations. */
  changeRatio: number | null;
  lowerIsBetter: boolean;
  noComparisonData: boolean;
  /**
   * The comparison period has nothing (zero or no value) where this one has some: the card
   * says "new", never a percentage against zero or a change from nothing.
   */
  isNew: boolean;
}

export interface CurrencyKpis { currency: string; items: KpiItem[] }

/**
 * `labelKey` names the card's message in `report.kpis` when the figure's key does not (the same
 * key worded otherwise in another report: the affiliate's "Refunded (your referred sales)").
 */
export type KpiSpec<K> = ReadonlyArray<{ key: KpiKey<K>; label: string; labelKey?: string; kind: ValueKind; lowerIsBetter?: boolean }>;

/** The message key of a spec's card. */
export const kpiLabelKey = (spec: { key: unknown; labelKey?: string }): string => spec.labelKey ?? String(spec.key);

export interface KpiComparison {
  /** Whether the report compares at all. */
  withComparison: boolean;
  /** The comparison period starts before the account's data, so no figure compares. */
  partialComparison?: boolean;
}

/** Something now against nothing then: a first sale, a first refund, a rate over no attempts. */
export function isNewFigure(current: number | null, previous: number | null): boolean {
  return current !== null && current > 0 && (previous === null || previous === 0);
}

/**
 * The cards per currency of both periods' rows (a currency present in one period only is
 * compared with zeros; one absent from the comparison has no comparison data).
 */
export function kpiCards<K extends { currency: string }>(current: readonly K[], previous: readonly K[], spec: KpiSpec<K>, { withComparison, partialComparison = false }: KpiComparison): CurrencyKpis[] {
  const kinds = Object.fromEntries(spec.map((s) => [s.key, s.kind])) as Partial<Record<KpiKey<K>, ValueKind>>;
  return kpiDeltas(current, withComparison ? previous : [], kinds).map((row) => ({
    currency: row.currency,
    items: spec.map(({ key, label, labelKey, kind, lowerIsBetter = false }) => {
      const d = row.deltas[key];
      const noComparisonData = withComparison && (partialComparison || d.noComparisonData);
      const isNew = withComparison && isNewFigure(d.current, d.previous);
      return {
        key: String(key),
        label,
        labelKey: kpiLabelKey({ key, labelKey }),
        kind,
        lowerIsBetter,
        value: d.current,
        previous: withComparison ? d.previous : null,
        change: withComparison ? d.absolute : null,
        changeRatio: withComparison && !noComparisonData && !isNew ? d.relative : null,
        noComparisonData,
        isNew,
      };
    }),
  }));
}
