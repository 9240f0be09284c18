import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { PartialMark } from "@/components/reports/partial-mark";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { formatMoney } from "@/lib/format";
import type { CurrencyKpis, KpiItem } from "@/lib/reports/revenue-view";
import { NoComparisonData } from "./no-comparison-data";

function formatValue(item: KpiItem, currency: string): string {
  if (item.value === null) return "—";
  return item.kind === "money" ? formatMoney(item.value, currency) : item.value.toLocaleString("en-US");
}

function Delta({ item, currency, partial, dataFrom }: { item: KpiItem; currency: string; partial: boolean; dataFrom: string | null }) {
  if (item.noComparisonData) return <NoComparisonData dataFrom={dataFrom} />;
  if (item.change === null || item.previous === null) return null;
  const up = item.change > 0;
  // Green means good: fewer refunds or fees is an improvement.
  const good = item.lowerIsBetter ? !up : up;
  const text = item.kind === "money" ? formatMoney(Math.abs(item.change), currency) : Math.abs(item.change).toLocaleString("en-US");
  const pct = item.changeRatio === null ? "" : ` (${(item.changeRatio * 100).toFixed(1)}%)`;
  return (
    <dd className={`text-xs ${item.change === 0 ? "text-zinc-500" : good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>
      {item.change === 0 ? "no change" : `${up ? "▲" : "▼"} ${text}${pct}`} vs comparison<PartialMark show={partial} />
    </dd>
  );
}

// KPIs per currency: amounts in different currencies are never added together.
/** `partialDeltas`: a period of the comparison is incomplete, so every change is marked. */
export function KpiGrid({ kpis, partialDeltas = false, assumedCurrency = null, comparisonDataFrom = null }: { kpis: CurrencyKpis[]; partialDeltas?: boolean; assumedCurrency?: CurrencyAssumption | null; comparisonDataFrom?: string | null }) {
  return (
    <div className="space-y-6">
      {comparisonDataFrom && (
        <p data-testid="comparison-coverage" className="text-sm text-zinc-600 dark:text-zinc-400">
          The comparison period has data only from {comparisonDataFrom}, so changes against it are not shown.
        </p>
      )}
      {kpis.map((group) => (
        <section key={group.currency} aria-label={`Figures in ${group.currency.toUpperCase()}`}>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-zinc-500">{group.currency}<AssumedCurrencyTag currency={group.currency} assumed={assumedCurrency} /></h3>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
            {group.items.map((item) => (
              <div key={item.key} className="rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
                <dt className="text-xs text-zinc-500">{item.label}</dt>
                <dd data-testid={`kpi-${group.currency}-${item.key}`} className="mt-1 text-lg font-semibold tabular-nums">{formatValue(item, group.currency)}</dd>
                <Delta item={item} currency={group.currency} partial={partialDeltas} dataFrom={comparisonDataFrom} />
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
