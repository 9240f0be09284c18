// A day a person typed into a date field, read the way their language writes days, to the ISO
// day (YYYY-MM-DD) the URL keeps. What the field shows is formatDayInLocale's spelling
// ("Nov 23, 2026", "23 de nov. de 2026"); what it accepts is wider: that spelling, the locale's
// numeric order (11/23/2026 in English, 23/11/2026 in Portuguese), the month in words in any
// order with the day and a four-digit year ("23 Nov 2026", "novembro 23 2026"), and ISO
// (2026-11-23, pasted from a URL or a CSV). Anything else, or a day that does not exist, is null.

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** Lower case, accents off ("março" → "marco"), trimmed. */
const fold = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();

const monthNames = new Map<string, string[][]>();
/** Each month's names in the locale and in English, long and short, folded, without dots. */
function monthNamesOf(locale: string): string[][] {
  let names = monthNames.get(locale);
  if (!names) {
    const formats = [locale, "en-US"].flatMap((l) => (["long", "short"] as const).map((month) => new Intl.DateTimeFormat(l, { month, timeZone: "UTC" })));
    names = Array.from({ length: 12 }, (_, m) => [...new Set(formats.map((f) => fold(f.format(Date.UTC(2000, m, 1))).replace(/\./g, "")))]);
    monthNames.set(locale, names);
  }
  return names;
}

/** The month (1–12) a word names: a whole name, or the first three letters or more of one. */
function monthOf(word: string, locale: string): number | null {
  if (word.length < 3) return null;
  const hits = monthNamesOf(locale).flatMap((names, m) => (names.some((name) => name === word || name.startsWith(word)) ? [m + 1] : []));
  return hits.length === 1 ? hits[0]! : null;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The ISO day `text` names as a reader of `locale` (an Intl locale: "en-US", "pt-BR") writes it, or null. */
export function parseTypedDay(text: string, locale: string): string | null {
  const folded = fold(text);
  const iso = ISO.exec(folded);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = NUMERIC.exec(folded);
  if (numeric) {
    const [a, b, year] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
    return locale.startsWith("en") ? isoOf(year, a, b) : isoOf(year, b, a);
  }
  // Words: "nov 23, 2026", "23 de nov. de 2026", "23 november 2026". Portuguese's "de" and the
  // punctuation are glue; what is left must be one month, one day and one four-digit year.
  const tokens = folded.replace(/[.,]/g, " ").split(/\s+/).filter((token) => token && token !== "de" && token !== "of");
  if (tokens.length !== 3) return null;
  const months = tokens.map((token) => (/^[a-z]+$/.test(token) ? monthOf(token, locale) : null));
  const monthAt = months.findIndex((m) => m !== null);
  if (monthAt < 0 || months.filter((m) => m !== null).length !== 1) return null;
  const numbers = tokens.filter((_, i) => i !== monthAt);
  if (!numbers.every((token) => /^\d+$/.test(token))) return null;
  const year = numbers.find((token) => token.length === 4);
  const day = numbers.find((token) => token.length <= 2);
  if (!year || !day) return null;
  return isoOf(Number(year), months[monthAt]!, Number(day));
}
