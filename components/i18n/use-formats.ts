"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";
import { localeFormats, type LocaleFormats } from "@/lib/format";
import { INTL_LOCALE, isAppLocale } from "@/lib/i18n/locales";

/** Money, numbers and days in the reader's language: `R$ 1.234,56` and `23 de nov. de 2026` in pt-BR. */
export function useFormats(): LocaleFormats {
  const locale = useLocale();
  return useMemo(() => localeFormats(INTL_LOCALE[isAppLocale(locale) ? locale : "en"]), [locale]);
}
