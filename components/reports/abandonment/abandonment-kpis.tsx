import { NoComparisonData } from "@/components/reports/no-comparison-data";
import { lacksComparison } from "@/lib/analytics/kpi-deltas";
import { formatMoney } from "@/lib/format";
import type { AbandonmentView } from "@/lib/reports/abandonment-report";
import { PartialMark } from "@/components/reports/partial-mark";
import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";

type Kpis = AbandonmentView["kpis"][number]["current"];
type Key = Exclude<keyof Kpis, "currency">;

const ITEMS: Array<{ key: Key; label: string; kind: "count" | "money" | "rate" | "minutes"; lowerIsBetter?: boolean }> = [
  { key: "abandonedCarts", label: "Abandoned carts", kind: "count", lowerIsBetter: true },
  { key: "abandonedValue", label: "Value abandoned", kind: "money", lowerIsBetter: true },
  { key: "recoveredCarts", label: "Recovered carts", kind: "count" },
  { key: "recoveredValue", label: "Value recovered", kind: "money" },
  { key: "recoveryRate", label: "Recovery rate", kind: "rate" },
  { key: "abandonmentRate", label: "Abandonment rate", kind: "rate", lowerIsBetter: true },
  { key: "purchasedCheckouts", label: "Purchased checkouts", kind: "count" },
  { key: "medianMinutesToAbandon", label: "Median time to abandon", kind: "minutes" },
];

function show(value: number | null, kind: string, currency: string): string {
  if (value === null) return "—";
  if (kind === "money") return formatMoney(value, currency);
  if (kind === "rate") return `${(value * 100).toFixed(1)}%`;
  if (kind === "minutes") return `${value.toFixed(1)} min`;
  return value.toLocaleString("en-US");
}

interface Props { kpis: AbandonmentView["kpis"]; definitions: AbandonmentView["definitions"]; comparing: boolean; comparisonDataFrom: string | null; partialDeltas?: boolean; assumedCurrency?: CurrencyAssumption | null }

export function AbandonmentKpis({ kpis, definitions, comparing, comparisonDataFrom, partialDeltas = false, assumedCurrency = null }: Props) {
  return (
    <section aria-labelledby="ab-kpis" className="space-y-4">
      <h2 id="ab-kpis" className="text-lg font-semibold">Key figures</h2>
      {kpis.map(({ current, previous }) => (
        <div key={current.currency}>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-zinc-500">{current.currency}<AssumedCurrencyTag currency={current.currency} assumed={assumedCurrency} /></h3>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {ITEMS.map((item) => {
              const value = current[item.key];
              const before = previous ? previous[item.key] : null;
              const noComparisonData = comparing && (comparisonDataFrom !== null || lacksComparison(before));
              const change = value !== null && before !== null && !noComparisonData ? value - before : null;
              const good = change !== null && (item.lowerIsBetter ? change < 0 : change > 0);
              return (
                <div key={item.key} className="rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
                  <dt className="text-xs text-zinc-500">{item.label}</dt>
                  <dd data-testid={`ab-${current.currency}-${item.key}`} className="mt-1 text-lg font-semibold tabular-nums">{show(value, item.kind, current.currency)}</dd>
                  {noComparisonData && <NoComparisonData dataFrom={comparisonDataFrom} />}
                  {change !== null && change !== 0 && (
                    <dd className={`text-xs ${good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>
                      {change > 0 ? "▲" : "▼"} {show(Math.abs(change), item.kind === "rate" ? "rate" : item.kind, current.currency)} vs comparison<PartialMark show={partialDeltas} />
                    </dd>
                  )}
                </div>
              );
            })}
          </dl>
        </div>
      ))}
      <details className="rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
        <summary className="cursor-pointer font-medium">How these figures are defined</summary>
        <dl className="mt-2 space-y-2">
          {Object.entries(definitions).map(([key, text]) => <div key={key}><dd>{text}</dd></div>)}
        </dl>
      </details>
    </section>
  );
}
