"use client";

import { useTranslations } from "next-intl";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";

const TAG = "ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-[10px] font-semibold normal-case tracking-normal text-sky-900 dark:bg-sky-900 dark:text-sky-100";

// Beside every figure of a currency that records without one are counted in: assumed (the
// account's setting) or inferred (their offer's currency).
export function AssumedCurrencyTag({ currency, assumed }: { currency: string; assumed: CurrencyAssumption | null }) {
  const t = useTranslations("report.kpi");
  if (!assumed) return null;
  if (assumed.tally?.inferredIn.includes(currency)) {
    return (
      <span data-testid="currency-inferred" className={TAG} title={t("currencyInferredTitle")}>
        {t("currencyInferred", { currency: currency.toUpperCase() })}
      </span>
    );
  }
  if (assumed.source === "none" || assumed.currency !== currency || assumed.tally?.setting === 0) return null;
  return (
    <span data-testid="currency-assumed" className={TAG} title={t("currencyAssumedTitle")}>
      {t("currencyAssumed", { currency: currency.toUpperCase() })}
    </span>
  );
}
