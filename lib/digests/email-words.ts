import "server-only";

// The words of the mails (digests, alerts): their namespace's messages in the reader's language,
// the KPIs' names, the locale's number, money and date formats, and the codes' labels, as the
// dashboard writes them.
import { createTranslator } from "use-intl/core";
import { localeFormats, type LocaleFormats } from "@/lib/format";
import { codeLabeler, type CodeLabeler, type CodesTranslator } from "@/lib/i18n/code-labels";
import { INTL_LOCALE, type AppLocale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface Words {
  t: Translate;
  kpi: Translate;
  fmt: LocaleFormats;
  label: CodeLabeler;
}

export function wordsFor(locale: AppLocale, namespace: "digests" | "alerts" = "digests"): Words {
  const messages = MESSAGES[locale];
  const translator = (namespace: string) => createTranslator({ locale, messages: messages as never, namespace: namespace as never }) as unknown as CodesTranslator;
  const codes = translator("codes");
  const common = translator("common");
  const intlLocale = INTL_LOCALE[locale];
  return { t: translator(namespace) as unknown as Translate, kpi: translator("report.kpis") as unknown as Translate, fmt: localeFormats(intlLocale), label: codeLabeler(codes, common, intlLocale) };
}

/** A change as a signed percentage; "new" from nothing, "no change" when equal, "—" when either side has no figure. */
export function changeText(current: number | null, previous: number | null, w: Words): string {
  if (current === null || previous === null) return "—";
  if (current === previous) return w.t("noChange");
  if (previous === 0) return w.t("newFigure");
  const ratio = (current - previous) / Math.abs(previous);
  return `${ratio > 0 ? "+" : ""}${w.fmt.percent(ratio, 1)}`;
}
