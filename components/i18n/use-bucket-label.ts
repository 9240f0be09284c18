"use client";

import { useLocale } from "next-intl";
import { useCallback } from "react";
import { bucketLabel } from "@/lib/i18n/bucket-labels";
import { INTL_LOCALE, isAppLocale } from "@/lib/i18n/locales";

/** A chart's time bucket in the reader's language (see lib/i18n/bucket-labels.ts). */
export function useBucketLabel(): (bucket: unknown) => string {
  const locale = useLocale();
  const intl = INTL_LOCALE[isAppLocale(locale) ? locale : "en"];
  return useCallback((bucket: unknown) => bucketLabel(String(bucket), intl), [intl]);
}
