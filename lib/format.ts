import { intl } from "@/lib/intl-cache";

// Display formats shared by pages: money in its own currency, numbers and days in the reader's
// locale (an Intl locale: "en-US" or "pt-BR"), timestamps in the report's zone.
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  // An unknown currency still reads as an amount in the reader's locale ("27.928,55" in pt-BR),
  // with no symbol: its group's heading says it is unknown. (ISO's "XXX" is written "¤" by some
  // runtimes and "XXX" by others.)
  if (!/^[a-z]{3}$/i.test(currency)) return intl(Intl.NumberFormat, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return intl(Intl.NumberFormat, locale, { style: "currency", currency: currency.toUpperCase() }).format(amount);
}

/** Axis ticks: "R$ 34 mil", "$34K"; whole amounts below a thousand. */
export function formatCompactMoney(amount: number, currency: string, locale = "en-US"): string {
  if (!/^[a-z]{3}$/i.test(currency)) return intl(Intl.NumberFormat, locale, { notation: "compact" }).format(amount);
  return intl(Intl.NumberFormat, locale, { style: "currency", currency: currency.toUpperCase(), notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(amount);
}

/**
 * A calendar day (YYYY-MM-DD) as the locale writes it, the one spelling of a day on every page
 * of that language: "Nov 23, 2026", "23 de nov. de 2026" (the month in words, so an English and
 * a Portuguese reader never take 11/12 for each other's day). The URL and CSV files keep ISO.
 */
export function formatDayInLocale(day: string, locale = "en-US"): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) return day;
  return intl(Intl.DateTimeFormat, locale, { timeZone: "UTC", dateStyle: "medium" }).format(ms);
}

/**
 * A time as the tables' rows carry it ("2026-11-23 14:05", "… UTC"; formatInZone) written with the
 * locale's day: "Nov 23, 2026, 14:05", "23 de nov. de 2026, 14:05 UTC" (a 24-hour clock, as every
 * time of a report). Anything else is returned as it came.
 */
export function formatStampInLocale(stamp: string, locale = "en-US"): string {
  return stamp.replace(/^(\d{4}-\d{2}-\d{2}) (?=\d{2}:\d{2}( UTC)?$)/, (_, day: string) => `${formatDayInLocale(day, locale)}, `);
}

export interface LocaleFormats {
  locale: string;
  money(amount: number, currency: string): string;
  compactMoney(amount: number, currency: string): string;
  number(value: number, fractionDigits?: number): string;
  /** A ratio (0.125) as a percentage ("12.50%", "12,50%"). */
  percent(ratio: number, fractionDigits?: number): string;
  day(day: string): string;
}

export function localeFormats(locale: string): LocaleFormats {
  return {
    locale,
    money: (amount, currency) => formatMoney(amount, currency, locale),
    compactMoney: (amount, currency) => formatCompactMoney(amount, currency, locale),
    number: (value, fractionDigits) => intl(Intl.NumberFormat, locale, fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value),
    percent: (ratio, fractionDigits = 2) => intl(Intl.NumberFormat, locale, { style: "percent", minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(ratio),
    day: (day) => formatDayInLocale(day, locale),
  };
}

/**
 * A timestamp as "YYYY-MM-DD HH:MM" in a report's time zone (the table's column header names
 * the zone); in UTC it keeps its " UTC" suffix.
 */
export function formatInZone(timestamp: string | null | undefined, timeZone = "UTC"): string {
  if (timeZone === "UTC" || !timestamp) return formatUtc(timestamp);
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  const parts = Object.fromEntries(intl(Intl.DateTimeFormat, "en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(ms).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export function formatUtc(timestamp: string | null | undefined): string {
  if (!timestamp) return "";
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  const utc = new Date(ms).toISOString(); // an offset like -03:00 moves the day: convert, never cut
  return `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`;
}
