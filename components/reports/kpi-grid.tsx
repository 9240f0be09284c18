"use client";

import { AssumedCurrencyTag } from "@/components/reports/assumed-currency-tag";
import { PartialMark } from "@/components/reports/partial-mark";
import { useCurrencyName } from "@/components/i18n/use-currency-name";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/use-formats";
import type { Messages } from "@/lib/i18n/messages";
import type { ReactNode } from "react";
import type { CurrencyKpis, KpiItem, ValueKind } from "@/lib/reports/kpi-cards";
import { NoComparisonData } from "./no-comparison-data";
import { useReportDay } from "./use-report-day";
import { card } from "@/components/ui/surface";

type KpiLabelKey = keyof Messages["report"]["kpis"];

type Formats = ReturnType<typeof useFormats>;
type KpiWords = ReturnType<typeof useTranslations<"report.kpi">>;

function formatKind(value: number, kind: ValueKind, currency: string, f: Formats, t: KpiWords): string {
  if (kind === "money") return f.money(value, currency);
  if (kind === "rate") return f.percent(value);
  if (kind === "minutes") return t("minutes", { value: f.number(value, 1) });
  return f.number(value);
}

// A change of a rate is in percentage points, not a percentage of a percentage.
function formatChange(item: KpiItem, change: number, currency: string, f: Formats, t: KpiWords): string {
  return item.kind === "rate" ? t("points", { value: f.number(change * 100, 2) }) : formatKind(change, item.kind, currency, f, t);
}

// Something against nothing: "new", never "+47,912%" nor a change from zero.
function NewFigure({ testId }: { testId: string }) {
  const t = useTranslations("numbers");
  return (
    <dd data-testid={testId} data-new="" aria-label={t("newLabel")} className="text-xs">
      <span className="rounded-full bg-sky-100 px-2 py-0.5 font-medium text-sky-900 dark:bg-sky-950 dark:text-sky-200">{t("new")}</span>
    </dd>
  );
}

function Delta({ item, currency, partial, dataFrom, testId }: { item: KpiItem; currency: string; partial: boolean; dataFrom: string | null; testId: string }) {
  const t = useTranslations("report.kpi");
  const f = useFormats();
  if (item.isNew) return <NewFigure testId={testId} />;
  if (item.noComparisonData) return <NoComparisonData dataFrom={dataFrom} />;
  if (item.change === null || item.previous === null) return null;
  const up = item.change > 0;
  // Green means good: fewer refunds or fees is an improvement.
  const good = item.lowerIsBetter ? !up : up;
  const change = t("change", { arrow: up ? "▲" : "▼", change: formatChange(item, Math.abs(item.change), currency, f, t), ratio: item.changeRatio === null ? "none" : f.percent(item.changeRatio, 1) });
  return (
    <dd data-testid={testId} className={`text-xs ${item.change === 0 ? "text-zinc-600 dark:text-zinc-400" : good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>
      {t("vsComparison", { change: item.change === 0 ? t("noChange") : change })}<PartialMark show={partial} />
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
  const t = useTranslations("report");
  const tk = useTranslations("report.kpi");
  const f = useFormats();
  const day = useReportDay();
  const currencyName = useCurrencyName();
  const value = (item: KpiItem, currency: string) => (item.value === null ? "—" : formatKind(item.value, item.kind, currency, f, tk));
  return (
    <div className="space-y-6">
      {comparisonDataFrom && (
        <p data-testid="comparison-coverage" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("kpi.coverage", { day: day(comparisonDataFrom) })}
        </p>
      )}
      {kpis.map((group) => (
        <section key={group.currency} aria-label={t("kpi.figuresIn", { currency: currencyName(group.currency) })}>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{currencyName(group.currency)}<AssumedCurrencyTag currency={group.currency} assumed={assumedCurrency} /></h3>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
            {group.items.map((item) => (
              <div key={item.key} className={card("p-3")}>
                <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t(`kpis.${item.labelKey as KpiLabelKey}`)}</dt>
                <dd data-testid={`${testIdPrefix}-${group.currency}-${item.key}`} className="mt-1 text-lg font-semibold tabular-nums">{value(item, group.currency)}</dd>
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
