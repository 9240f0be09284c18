"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { codeLabeler, type CodeLabeler, type CodesTranslator } from "@/lib/i18n/code-labels";
import { INTL_LOCALE, isAppLocale } from "@/lib/i18n/locales";

/** The words for the API's codes in the reader's language (see lib/i18n/code-labels.ts). */
export function useCodeLabel(): CodeLabeler {
  const codes = useTranslations("codes");
  const common = useTranslations("common");
  const locale = useLocale();
  return useMemo(
    () => codeLabeler(codes as unknown as CodesTranslator, common as unknown as CodesTranslator, INTL_LOCALE[isAppLocale(locale) ? locale : "en"]),
    [codes, common, locale],
  );
}
