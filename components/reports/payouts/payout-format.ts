// How the payout calendar writes its months and weekdays in the reader's language.
import { daysFromCivil, DAY_MS } from "@/lib/calendar";

/** "June 2026", "Junho de 2026": a heading starts with a capital in either language. */
export function monthLabel(month: string, locale: string): string {
  const ms = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
  const text = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(ms);
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** Monday to Sunday, short: "Mon", "seg.". */
export function weekdayNames(locale: string): string[] {
  const monday = daysFromCivil(2024, 1, 1) * DAY_MS; // a Monday
  const format = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, i) => format.format(monday + i * DAY_MS));
}

/** Blank cells before the month's first day in a Monday-first week. */
export function leadingBlanks(firstDay: string): number {
  const ms = Date.parse(`${firstDay}T00:00:00Z`);
  return (new Date(ms).getUTCDay() + 6) % 7;
}
