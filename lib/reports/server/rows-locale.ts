import "server-only";

// The Intl locale a table's rows write their money in: the reader's language, as the page's.
import { getLocale, getTranslations } from "next-intl/server";
import { INTL_LOCALE, isAppLocale } from "@/lib/i18n/locales";
import type { RecoveredWords } from "./cart-rows";

export async function rowsLocale(): Promise<string> {
  const locale = await getLocale();
  return INTL_LOCALE[isAppLocale(locale) ? locale : "en"];
}

export async function recoveredWords(): Promise<RecoveredWords> {
  const t = await getTranslations("abandonment.carts");
  return { yes: t("recoveredYes"), no: t("recoveredNo") };
}
