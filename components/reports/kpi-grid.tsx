import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { PartialMark } from "@/components/reports/partial-mark";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { formatMoney } from "@/lib/format";
import type { ReactNode } from "react";
import type { CurrencyKpis, KpiItem, ValueKind } from "@/lib/reports/kpi-cards";
import { NoComparisonData } from "./no-comparison-data";

function formatKind(value: number, kind: ValueKind, currency: string): string {
  if (kind === "money") return formatMoney(value, currency);
  if (kind === "rate") return `${(value * 100).toFixed(2)}%`;
  if (kind === "minutes") return `${value.toFixed(1)} min`;
  return value.toLocaleString("en-US");
}

function formatValue(item: KpiItem, currency: string): string {
  return item.value === null ? "—" : formatKind(item.value, item.kind, currency);
}

// A change of a rate is in percentage points, not a percentage of a percentage.
function formatChange(item: KpiItem, change: number, currency: string): string {
  return item.kind === "rate" ? `${(change * 100).toFixed(2)} pp` : formatKind(change, item.kind, currency);
}

function Delta({ item, currency, partial, dataFrom, testId }: { item: KpiItem; currency: string; partial: boolean; dataFrom: string | null; testId: string }) {
  if (item.noComparisonData) return <NoComparisonData dataFrom={dataFrom} />;
  if (item.change === null || item.previous === null) return null;
  const up = item.change > 0;
  // Green means good: fewer refunds or fees is an improvement.
  const good = item.lowerIsBetter ? !up : up;
  const text = formatChange(item, Math.abs(item.change), currency);
  const pct = item.changeRatio === null ? "" : ` (${(item.changeRatio * 100).toFixed(1)}%)`;
  return (
    <dd data-testid={testId} className={`text-xs ${item.change === 0 ? "text-zinc-600 dark:text-zinc-400" : good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>
      {item.change === 0 ? "no change" : `${up ? "▲" : "▼"} ${text}${pct}`} vs comparison<PartialMark show={partial} />
    </dd>
  );
}

// KPIs per currency: amounts in different currencies are never added together.
/** `partialDeltas`: a period of the comparison is incomplete, so every change is marked. */
interface Props {
  kpis: CurrencyKpis[];
  partialDeltas?: boolean;
  assumedCurrency?: CurrencyAssumption | null;
  comparisonDataFrom?: string | null;
  /** Each figure is `${testIdPrefix}-${currency}-${key}`, its change the same with "-delta". */
  testIdPrefix?: string;
  /** Something a report shows under one card (the chargeback gauge). */
  extra?: (item: KpiItem) => ReactNode;
}

export function KpiGrid({ kpis, partialDeltas = false, assumedCurrency = null, comparisonDataFrom = null, testIdPrefix = "kpi", extra }: Props) {
  return (
    <div className="space-y-6">
      {comparisonDataFrom && (
        <p data-testid="comparison-coverage" className="text-sm text-zinc-600 dark:text-zinc-400">
          The comparison period has data only from {comparisonDataFrom}, so changes against it are not shown.
        </p>
      )}
      {kpis.map((group) => (
        <section key={group.currency} aria-label={`Figures in ${group.currency.toUpperCase()}`}>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{group.currency}<AssumedCurrencyTag currency={group.currency} assumed={assumedCurrency} /></h3>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
            {group.items.map((item) => (
              <div key={item.key} className="rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
                <dt className="text-xs text-zinc-600 dark:text-zinc-400">{item.label}</dt>
                <dd data-testid={`${testIdPrefix}-${group.currency}-${item.key}`} className="mt-1 text-lg font-semibold tabular-nums">{formatValue(item, group.currency)}</dd>
                <Delta item={item} currency={group.currency} partial={partialDeltas} dataFrom={comparisonDataFrom} testId={`${testIdPrefix}-${group.currency}-${item.key}-delta`} />
                {extra?.(item)}
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
