// The months of the payout calendar, in the report's time zone: the `month` parameter, the
// local days of a month with their first instants, and the past months the back-test predicts.
import { localDayStartMs, zoneForDays } from "@/lib/analytics/local-days";
import { daysFromCivil, DAY_MS, formatDay, formatMonth, parseDay, shiftDay, type IsoDay } from "@/lib/calendar";
import { todayIn } from "@/lib/report-params/presets";
import { BACKTEST_WARMUP_DAYS, type BacktestMonthSpan } from "@/lib/analytics/payout-backtest";
import { HORIZON_DAYS } from "@/lib/analytics/payout-risk";

/** The history the model learns from and the back-test runs on: what the background sync keeps by default. */
export const HISTORY_DAYS = 730;
/** Payouts wait at most about a month: the first days of the history may miss those of older sales. */
export const LONGEST_WAIT_DAYS = 31;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month written YYYY-MM (years 2000 to 2999), or null. */
export function parsePayoutMonth(raw: string | null | undefined): string | null {
  const match = raw ? MONTH.exec(raw) : null;
  return match && Number(match[1]) >= 2000 && Number(match[1]) <= 2999 ? raw! : null;
}

const firstDayNumber = (month: string) => daysFromCivil(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1);

export const monthOfDay = (day: IsoDay): string => day.slice(0, 7);

/** The UTC days of the history at a "now": the last HISTORY_DAYS and today. */
export function payoutHistory(now: Date): { from: IsoDay; to: IsoDay } {
  const today = formatDay(Math.floor(now.getTime() / DAY_MS));
  return { from: shiftDay(today, -HISTORY_DAYS), to: today };
}

/** The months the calendar can show at a "now": from the history's first to the month after today's, in the zone. */
export function payoutMonthBounds(now: Date, timeZone: string): { first: string; last: string } {
  return { first: monthOfDay(payoutHistory(now).from), last: shiftMonth(monthOfDay(todayIn(timeZone, now)), 1) };
}

export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The local days of the month and their first instants: dayStartsMs has one more, the next month's first. */
export function monthDays(month: string, timeZone: string): { days: IsoDay[]; dayStartsMs: number[] } {
  const first = firstDayNumber(month);
  const next = firstDayNumber(shiftMonth(month, 1));
  const zone = zoneForDays(first, next, timeZone);
  const days: IsoDay[] = [];
  const dayStartsMs: number[] = [];
  for (let d = first; d <= next; d++) {
    if (d < next) days.push(formatDay(d));
    dayStartsMs.push(localDayStartMs(d, zone));
  }
  return { days, dayStartsMs };
}

/**
 * The months to back-test, oldest first, at most `max`: each needs BACKTEST_WARMUP_DAYS of
 * history before it, and its end must be a horizon behind now, so what it kept is final.
 */
export function backtestSpans(historyFrom: IsoDay, nowMs: number, timeZone: string, max = 12): BacktestMonthSpan[] {
  const earliest = parseDay(historyFrom) * DAY_MS + BACKTEST_WARMUP_DAYS * DAY_MS;
  const spans: BacktestMonthSpan[] = [];
  for (let month = formatMonth(Math.floor(nowMs / DAY_MS)); ; month = shiftMonth(month, -1)) {
    const { dayStartsMs } = monthDays(month, timeZone);
    const startMs = dayStartsMs[0]!;
    if (startMs < earliest) break;
    const endMs = dayStartsMs[dayStartsMs.length - 1]!;
    if (endMs + HORIZON_DAYS * DAY_MS <= nowMs) spans.unshift({ month, startMs, endMs });
    if (spans.length >= max) break;
  }
  return spans;
}
