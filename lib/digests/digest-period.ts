// Which days a digest tells, and which days it compares them with, in the account's zone: the
// last whole day, week (Monday to Sunday) or month before the moment it is made. A day is
// compared with the same weekday a week before (a Monday with a Monday, as a business's week
// has its rhythm), a week with the week before, a month with the calendar month before.
import type { DayRange } from "@/lib/analytics/compare";
import { firstOfMonth, formatDay, mondayOf, parseDay } from "@/lib/calendar";
import { todayIn } from "@/lib/report-params/presets";
import type { DigestSubscription } from "@/lib/store/digest-store";

export type { DayRange };

export const CADENCES = ["daily", "weekly", "monthly"] as const satisfies ReadonlyArray<DigestSubscription["cadence"]>;
export type Cadence = (typeof CADENCES)[number];

/** What an address can be confirmed for: a digest of a cadence, or the alerts the account switches on (lib/alerts). */
export const SUBSCRIPTION_KINDS = [...CADENCES, "alerts"] as const satisfies ReadonlyArray<DigestSubscription["cadence"]>;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

export const isCadence = (kind: string): kind is Cadence => (CADENCES as readonly string[]).includes(kind);

export interface DigestPeriod {
  cadence: Cadence;
  period: DayRange;
  baseline: DayRange;
}

const range = (from: number, to: number): DayRange => ({ from: formatDay(from), to: formatDay(to) });

/** The month before the one that holds `day`: its first and last day numbers. */
function monthBefore(day: number): [number, number] {
  const first = firstOfMonth(day);
  return [firstOfMonth(first - 1), first - 1];
}

/** The period a digest made at `at` (epoch ms) tells, in `timeZone`, and its baseline. */
export function digestPeriod(cadence: Cadence, at: number, timeZone: string): DigestPeriod {
  const today = parseDay(todayIn(timeZone, new Date(at)));
  switch (cadence) {
    case "daily":
      return { cadence, period: range(today - 1, today - 1), baseline: range(today - 8, today - 8) };
    case "weekly": {
      const monday = mondayOf(today) - 7;
      return { cadence, period: range(monday, monday + 6), baseline: range(monday - 7, monday - 1) };
    }
    case "monthly": {
      const [from, to] = monthBefore(today);
      const [baseFrom, baseTo] = monthBefore(from);
      return { cadence, period: range(from, to), baseline: range(baseFrom, baseTo) };
    }
  }
}
