// A translator over a plain messages object, read as next-intl reads it ({name} placeholders),
// for unit tests of code that takes a translator.
import type { CodesTranslator } from "@/lib/i18n/code-labels";

/** Spaces as Intl writes them in money and dates (no-break), as plain spaces. */
export const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, " ");

export function plainTranslator(messages: Record<string, unknown>): CodesTranslator {
  const find = (key: string) => key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), messages);
  const t = ((key: string, values: Record<string, string> = {}) => String(find(key)).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "")) as CodesTranslator;
  t.has = (key) => typeof find(key) === "string";
  return t;
}
