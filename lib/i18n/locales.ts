// The languages of the interface, and how one is chosen: the user's choice (a cookie set by the
// switch in the account menu) first, then the browser's Accept-Language, then English.
export const LOCALES = ["en", "pt-BR"] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = "en";
/** Not a secret and not tied to an account: a preference of the browser. */
export const LOCALE_COOKIE = "salesdash-locale";

export const LOCALE_NAMES: Record<AppLocale, string> = { en: "English", "pt-BR": "Português (Brasil)" };

/** Intl's name for a locale's number and date formats ("en" formats as en-US). */
export const INTL_LOCALE: Record<AppLocale, string> = { en: "en-US", "pt-BR": "pt-BR" };

export function isAppLocale(value: string | null | undefined): value is AppLocale {
  return (LOCALES as readonly string[]).includes(value ?? "");
}

/** The best of our locales for an Accept-Language header: any Portuguese reads pt-BR. */
export function localeFromAcceptLanguage(header: string | null | undefined): AppLocale {
  const ranges = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(";");
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: (tag ?? "").toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === "pt" || tag.startsWith("pt-")) return "pt-BR";
    if (tag === "en" || tag.startsWith("en-")) return "en";
  }
  return DEFAULT_LOCALE;
}

export function chooseLocale(cookie: string | null | undefined, acceptLanguage: string | null | undefined): AppLocale {
  return isAppLocale(cookie) ? cookie : localeFromAcceptLanguage(acceptLanguage);
}
