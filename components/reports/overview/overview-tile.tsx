"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCurrencyName } from "@/components/i18n/use-currency-name";
import type { ReactNode } from "react";
import { useFormats } from "@/components/i18n/use-formats";
import type { CurrencyKpis, KpiItem } from "@/lib/reports/kpi-cards";
import { card } from "@/components/ui/surface";

type KpiLabel = "creatorNet" | "commission" | "purchases" | "refundRateCount" | "chargebackRate";

/** One tile: what it is, over which days, its figures, and the report that explains them. */
export function Tile({ id, title, basis, href, linkText, children }: { id: string; title: string; basis: string; href: string; linkText: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`ov-${id}-title`} data-testid={`ov-${id}`} className={card("flex flex-col p-4")}>
      <h2 id={`ov-${id}-title`} className="text-base font-semibold">{title}</h2>
      <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{basis}</p>
      <div className="mt-3 flex-1 space-y-3">{children}</div>
      <Link href={href} data-testid={`ov-link-${id}`} className="mt-3 self-start text-sm font-medium underline underline-offset-2">{linkText} →</Link>
    </section>
  );
}

export function CurrencyHeading({ currency }: { currency: string }) {
  const currencyName = useCurrencyName();
  return <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{currencyName(currency)}</h3>;
}

/** One amount per currency (never summed) with a line under it, or `none` when there is none. */
export function AmountsPerCurrency({ rows, testIdPrefix, none }: { rows: { currency: string; amount: string; detail: string }[]; testIdPrefix: string; none: string }) {
  if (rows.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{none}</p>;
  return rows.map((row) => (
    <div key={row.currency}>
      <CurrencyHeading currency={row.currency} />
      <p data-testid={`${testIdPrefix}-${row.currency}`} className="text-lg font-semibold tabular-nums">{row.amount}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{row.detail}</p>
    </div>
  ));
}

function useValue() {
  const f = useFormats();
  return (item: KpiItem, value: number, currency: string) => (item.kind === "money" ? f.money(value, currency) : item.kind === "rate" ? f.percent(value) : f.number(value));
}

function Delta({ item, currency, against, testId }: { item: KpiItem; currency: string; against: string; testId: string }) {
  const t = useTranslations("overview.delta");
  const f = useFormats();
  const format = useValue();
  if (item.noComparisonData) return <p data-testid={testId} className="text-xs text-zinc-600 dark:text-zinc-400">{t("noData")}</p>;
  if (item.change === null) return null;
  if (item.change === 0) return <p data-testid={testId} className="text-xs text-zinc-600 dark:text-zinc-400">{t("same", { against })}</p>;
  const up = item.change > 0;
  // Green means good: a lower refund or chargeback rate is an improvement.
  const good = item.lowerIsBetter ? !up : up;
  // A change of a rate is in percentage points, not a percentage of a percentage.
  const change = item.kind === "rate" ? t("points", { value: f.number(Math.abs(item.change) * 100, 2) }) : format(item, Math.abs(item.change), currency);
  const ratio = item.changeRatio === null ? "" : ` (${f.percent(Math.abs(item.changeRatio), 1)})`;
  return (
    <p data-testid={testId} className={`text-xs ${good ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>
      {t(up ? "up" : "down", { change, ratio, against })}
    </p>
  );
}

/** KPI figures per currency, each with its change as the server computed it (kpiCards). */
export function KpiFigures({ kpis, prefix, against, extra }: { kpis: CurrencyKpis[]; prefix: string; against: string; extra?: (currency: string, item: KpiItem) => ReactNode }) {
  const t = useTranslations("overview");
  const currencyName = useCurrencyName();
  const format = useValue();
  if (kpis.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noData")}</p>;
  return kpis.map((group) => (
    <div key={group.currency} aria-label={t("inCurrency", { currency: currencyName(group.currency) })} role="group">
      <CurrencyHeading currency={group.currency} />
      <dl className="mt-1 grid grid-cols-2 gap-3">
        {group.items.map((item) => (
          <div key={item.key}>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t(`kpi.${item.key as KpiLabel}`)}</dt>
            <dd data-testid={`${prefix}-${group.currency}-${item.key}`} className="text-lg font-semibold tabular-nums">{item.value === null ? "—" : format(item, item.value, group.currency)}</dd>
            <dd>
              <Delta item={item} currency={group.currency} against={against} testId={`${prefix}-${group.currency}-${item.key}-delta`} />
              {extra?.(group.currency, item)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  ));
}
