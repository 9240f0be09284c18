// The periods the Overview compares, all read from one "now" the browser sends (its clock, so
// a page opened with a fixed clock shows the same figures) in the report's time zone. Pure:
// the browser builds its links from these and the server its figures.
import { localDayStartMs, zoneForDays } from "@/lib/analytics/local-days";
import { parseDay, shiftDay, type IsoDay } from "@/lib/calendar";
import { todayIn } from "@/lib/report-params/presets";

export interface DayRangeWindow { from: IsoDay; to: IsoDay }
export interface InstantWindow { fromMs: number; toMs: number }

export interface OverviewWindows {
  now: string;
  tz: string;
  today: IsoDay;
  /** Today from its first instant up to now, and the same weekday a week earlier over as long. */
  todaySoFar: InstantWindow;
  weekAgo: InstantWindow & { day: IsoDay };
  /** The last 30 days, today included, and the 30 before (the reports' "previous" comparison). */
  last30: DayRangeWindow;
  previous30: DayRangeWindow;
  /** Carts abandoned this week (today and the six days before) that can still come back. */
  week: DayRangeWindow;
  /** Money becoming available from today's first instant to the end of the 14th day. */
  funds: DayRangeWindow & InstantWindow;
}

const NOW_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:00(\.000)?)?Z$/;

/** "now" as the browser sends it: a UTC minute. Seconds are refused, so every query of a minute is the same. */
export function parseOverviewNow(raw: string | null): Date | null {
  if (!raw || !NOW_PATTERN.test(raw)) return null;
  const date = new Date(raw);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 2000 || year > 2999 ? null : date;
}

/** The current minute, written the way parseOverviewNow reads it. */
export function overviewMinute(now: Date): string {
  return `${now.toISOString().slice(0, 16)}Z`;
}

export function overviewWindows(now: Date, tz: string): OverviewWindows {
  const today = todayIn(tz, now);
  const dayNumber = parseDay(today);
  const zone = zoneForDays(dayNumber - 30, dayNumber + 15, tz);
  const startOf = (day: IsoDay) => localDayStartMs(parseDay(day), zone);
  const todayStart = startOf(today);
  const elapsed = now.getTime() - todayStart;
  const weekAgoDay = shiftDay(today, -7);
  const weekAgoStart = startOf(weekAgoDay);
  const fundsTo = shiftDay(today, 13);
  return {
    now: overviewMinute(now),
    tz,
    today,
    todaySoFar: { fromMs: todayStart, toMs: now.getTime() },
    // As long as today has run so far, so a day with a clock change still compares the same hours.
    weekAgo: { day: weekAgoDay, fromMs: weekAgoStart, toMs: weekAgoStart + elapsed },
    last30: { from: shiftDay(today, -29), to: today },
    previous30: { from: shiftDay(today, -59), to: shiftDay(today, -30) },
    week: { from: shiftDay(today, -6), to: today },
    funds: { from: today, to: fundsTo, fromMs: todayStart, toMs: startOf(shiftDay(fundsTo, 1)) },
  };
}
