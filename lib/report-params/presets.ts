// Preset ranges, computed from "today" in the report's time zone. Presets write explicit
// from/to into the URL, so a copied address shows the same days tomorrow.
//
// No date library: this module runs in the browser (the report controls), and today's date in
// a zone is one Intl call; the rest is plain calendar arithmetic on day numbers (lib/calendar).
import { civilFromDays, daysFromCivil, firstOfMonth, formatDay } from "@/lib/calendar";
import type { Preset } from "./definitions";

/** The keyboard key of each preset (its name is in the `report.presets` messages). */
export const PRESET_KEYS: Record<Preset, string> = {
  today: "t",
  yesterday: "y",
  last_7_days: "7",
  last_30_days: "3",
  last_90_days: "9",
  this_month: "m",
  last_month: "l",
  this_quarter: "q",
  last_12_months: "1",
  year_to_date: "d",
  last_two_years: "2",
};

/**
 * The preset a key press chooses. Letters in either case: the buttons show them in capitals,
 * so that "L" (last month) cannot be read as "1" (last 12 months).
 */
export function presetOfKey(key: string): Preset | undefined {
  const pressed = key.toLowerCase();
  return (Object.keys(PRESET_KEYS) as Preset[]).find((preset) => PRESET_KEYS[preset] === pressed);
}

/** Every preset whose days today are exactly from..to (on the 1st, "today" and "this month" both). */
export function litPresets(from: string, to: string, timeZone: string, now: Date = new Date()): Set<Preset> {
  const lit = new Set<Preset>();
  for (const preset of Object.keys(PRESET_KEYS) as Preset[]) {
    const range = presetRange(preset, timeZone, now);
    if (range.from === from && range.to === to) lit.add(preset);
  }
  return lit;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for a zone the runtime does not know, as a date library would.
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, calendar: "gregory", numberingSystem: "latn", year: "numeric", month: "numeric", day: "numeric" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The day number of `now`'s date in `timeZone`. */
function todayNumber(timeZone: string, now: Date): number {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of dateIn(timeZone).formatToParts(now)) {
    if (part.type === "year") year = Number(part.value);
    else if (part.type === "month") month = Number(part.value);
    else if (part.type === "day") day = Number(part.value);
  }
  return daysFromCivil(year, month, day);
}

/** The same day `months` months earlier, clamped to the end of a shorter month (Mar 31 → Feb 28). */
function monthsBefore(dayNumber: number, months: number): number {
  const [y, m, d] = civilFromDays(dayNumber);
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - 1;
  return Math.min(daysFromCivil(year, month, d), lastDay);
}

function startOfQuarter(dayNumber: number): number {
  const [y, m] = civilFromDays(dayNumber);
  return daysFromCivil(y, m - ((m - 1) % 3), 1);
}

/** Today's date in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return formatDay(todayNumber(timeZone, now));
}

export function presetRange(preset: Preset, timeZone: string, now: Date = new Date()): { from: string; to: string } {
  const today = todayNumber(timeZone, now);
  const to = formatDay(today);
  const back = (days: number) => ({ from: formatDay(today - days), to });
  switch (preset) {
    case "today":
      return { from: to, to };
    case "yesterday":
      return { from: formatDay(today - 1), to: formatDay(today - 1) };
    case "last_7_days":
      return back(6);
    case "last_30_days":
      return back(29);
    case "last_90_days":
      return back(89);
    case "this_month":
      return { from: formatDay(firstOfMonth(today)), to };
    case "last_month":
      return { from: formatDay(firstOfMonth(monthsBefore(today, 1))), to: formatDay(firstOfMonth(today) - 1) };
    case "this_quarter":
      return { from: formatDay(startOfQuarter(today)), to };
    case "last_12_months":
      return { from: formatDay(monthsBefore(today, 12) + 1), to };
    case "year_to_date":
      return { from: formatDay(daysFromCivil(civilFromDays(today)[0], 1, 1)), to };
    case "last_two_years":
      return back(729);
  }
}
