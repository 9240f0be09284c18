import { useLocale } from "next-intl";
import { formatInstantInLocale } from "@/lib/format";
import { INTL_LOCALE, isAppLocale } from "@/lib/i18n/locales";

/**
 * A moment in UTC as every page of the reader's language writes a time: "Nov 23, 2026, 14:05 UTC",
 * "23 de nov. de 2026, 14:05 UTC" (the day as in reports, their 24-hour clock). Server or client.
 */
export function useInstant(): (at: number | string) => string {
  const locale = useLocale();
  const intl = INTL_LOCALE[isAppLocale(locale) ? locale : "en"];
  return (at) => formatInstantInLocale(at, intl);
}
