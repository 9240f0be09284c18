"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { isUnknownCurrency, offerOfUnknownCurrency } from "@/lib/analytics/assumed-currency";

/** A currency group's name: its code ("BRL"), or which offer's unknown currency it holds. */
export function useCurrencyName(): (currency: string) => string {
  const t = useTranslations("common");
  return useCallback(
    (currency: string) => {
      if (!isUnknownCurrency(currency)) return currency.toUpperCase();
      const offer = offerOfUnknownCurrency(currency);
      return offer === null ? t("unknownCurrency") : t("unknownCurrencyOfOffer", { offer });
    },
    [t],
  );
}
