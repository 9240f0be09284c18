// Preset ranges, computed from "today" in the report's time zone. Presets write explicit
// from/to into the URL, so a copied address shows the same days tomorrow.
import { TZDate } from "@date-fns/tz";
import { format, startOfMonth, startOfQuarter, startOfYear, subDays, subMonths } from "date-fns";
import type { Preset } from "./definitions";

export const PRESET_LABELS: Record<Preset, { label: string; key: string }> = {
  today: { label: "Today", key: "t" },
  yesterday: { label: "Yesterday", key: "y" },
  last_7_days: { label: "Last 7 days", key: "7" },
  last_30_days: { label: "Last 30 days", key: "3" },
  last_90_days: { label: "Last 90 days", key: "9" },
  this_month: { label: "This month", key: "m" },
  last_month: { label: "Last month", key: "l" },
  this_quarter: { label: "This quarter", key: "q" },
  last_12_months: { label: "Last 12 months", key: "1" },
  year_to_date: { label: "Year to date", key: "d" },
  last_two_years: { label: "Last two years", key: "2" },
};

const day = (d: Date) => format(d, "yyyy-MM-dd");

/** Today's date in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return day(new TZDate(now.getTime(), timeZone));
}

export function presetRange(preset: Preset, timeZone: string, now: Date = new Date()): { from: string; to: string } {
  const today = new TZDate(now.getTime(), timeZone);
  const to = day(today);
  switch (preset) {
    case "today":
      return { from: to, to };
    case "yesterday":
      return { from: day(subDays(today, 1)), to: day(subDays(today, 1)) };
    case "last_7_days":
      return { from: day(subDays(today, 6)), to };
    case "last_30_days":
      return { from: day(subDays(today, 29)), to };
    case "last_90_days":
      return { from: day(subDays(today, 89)), to };
    case "this_month":
      return { from: day(startOfMonth(today)), to };
    case "last_month": {
      const start = startOfMonth(subMonths(today, 1));
      return { from: day(start), to: day(subDays(startOfMonth(today), 1)) };
    }
    case "this_quarter":
      return { from: day(startOfQuarter(today)), to };
    case "last_12_months":
      return { from: day(subDays(subMonths(today, 12), -1)), to };
    case "year_to_date":
      return { from: day(startOfYear(today)), to };
    case "last_two_years":
      return { from: day(subDays(today, 729)), to };
  }
}
