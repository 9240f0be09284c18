// Calendar days in UTC, as the API reads them: `from` inclusive and `to` exclusive at
// 00:00 UTC. Our own ranges are inclusive on both ends; the API's `to` is the day after.
import { UTCDate } from "@date-fns/utc";
import { addDays, differenceInCalendarDays, format, isValid } from "date-fns";

export type IsoDay = string; // YYYY-MM-DD

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseIsoDay(text: string): UTCDate | undefined {
  if (!DAY.test(text)) return undefined;
  // Midnight UTC explicitly: date-fns' parseISO would read the day in the server's time zone.
  const date = new UTCDate(`${text}T00:00:00Z`);
  return isValid(date) && format(date, "yyyy-MM-dd") === text ? date : undefined;
}

export function isoDay(date: Date): IsoDay {
  return format(new UTCDate(date), "yyyy-MM-dd");
}

export function shiftDay(day: IsoDay, days: number): IsoDay {
  return isoDay(addDays(new UTCDate(`${day}T00:00:00Z`), days));
}

/** Days from `a` to `b` (b − a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return differenceInCalendarDays(new UTCDate(`${b}T00:00:00Z`), new UTCDate(`${a}T00:00:00Z`));
}

/** The UTC day a timestamp falls on. */
export function dayOfTimestamp(timestamp: string): IsoDay {
  return isoDay(new Date(timestamp));
}
