"use client";

import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/use-formats";
import type { PayoutCurrency, PayoutsView } from "@/lib/reports/payouts-view";

/** Why a currency's figures take off only the losses already requested: its back-test does not show the model helps. */
export function NoExpectation({ view, currency: c }: { view: PayoutsView; currency: PayoutCurrency }) {
  const t = useTranslations("payouts.expectation");
  const f = useFormats();
  const e = view.backtest.errors.find((x) => x.currency === c.currency);
  const currency = c.currency.toUpperCase();
  return e && c.expectation === "notBetter"
    ? t("notBetter", { currency, error: f.percent(e.meanAbsError, 1), months: e.months, naive: f.percent(e.naiveMeanAbsError, 1) })
    : t("untested", { currency });
}
