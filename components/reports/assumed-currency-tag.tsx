"use client";

import { useTranslations } from "next-intl";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";

// Beside every figure of the currency that records without one are counted in.
export function AssumedCurrencyTag({ currency, assumed }: { currency: string; assumed: CurrencyAssumption | null }) {
  const t = useTranslations("report.kpi");
  if (!assumed || assumed.source === "none" || assumed.currency !== currency) return null;
  return (
    <span data-testid="currency-assumed" className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-[10px] font-semibold normal-case tracking-normal text-sky-900 dark:bg-sky-900 dark:text-sky-100" title={t("currencyAssumedTitle")}>
      {t("currencyAssumed", { currency: currency.toUpperCase() })}
    </span>
  );
}
