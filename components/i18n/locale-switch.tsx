"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { setLocale } from "@/lib/actions/preferences/set-locale";
import { isAppLocale, LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";

// The language switch (account menu, and the pages before sign-in): the choice is kept in a
// cookie of this browser and the page is rendered again in the new language, URL unchanged.
// `compact`: the word "Language" is left to screen readers (a page header has no room for it).
export function LocaleSwitch({ compact = false }: { compact?: boolean }) {
  const t = useTranslations("common");
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [pending, start] = useTransition();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className={compact ? "sr-only" : undefined}>{t("language")}</label>
      <select id={id} data-testid="locale-switch" disabled={pending} value={isAppLocale(locale) ? locale : "en"}
        className="max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
        onChange={(event) => {
          const next = event.target.value;
          start(async () => {
            const result = await setLocale({ locale: next });
            if (result.ok) router.refresh();
          });
        }}>
        {LOCALES.map((l) => <option key={l} value={l} lang={l}>{LOCALE_NAMES[l]}</option>)}
      </select>
    </div>
  );
}
