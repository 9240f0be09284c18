// Calendar days as plain integers (days since 1970-01-01), so that the hot loops of the
// aggregations compare and index numbers instead of building Date objects or strings.
// The conversions are Howard Hinnant's civil-calendar algorithms: exact for every
// proleptic Gregorian date, no time zone involved.

export type IsoDay = string; // YYYY-MM-DD

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1..12). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** [year, month 1..12, day 1..31] of a day number. */
export function civilFromDays(dayNumber: number): [number, number, number] {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [month <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, month, day];
}

export const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

export function pad4(n: number): string {
  return n >= 1000 ? String(n) : String(n).padStart(4, "0");
}

/** YYYY-MM-DD of a day number. */
export function formatDay(dayNumber: number): IsoDay {
  const [y, m, d] = civilFromDays(dayNumber);
  return `${pad4(y)}-${pad2(m)}-${pad2(d)}`;
}

/** YYYY-MM of a day number. */
export function formatMonth(dayNumber: number): string {
  const [y, m] = civilFromDays(dayNumber);
  return `${pad4(y)}-${pad2(m)}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a YYYY-MM-DD that names a real date; a RangeError otherwise, since a
 *  silently shifted range (2026-02-30 read as March 2) would report the wrong days. */
export function parseDay(text: IsoDay): number {
  const match = ISO_DAY.exec(text);
  if (match) {
    const n = daysFromCivil(Number(match[1]), Number(match[2]), Number(match[3]));
    if (formatDay(n) === text) return n;
  }
  throw new RangeError(`not a calendar day written YYYY-MM-DD: "${text}"`);
}

/** Monday of the ISO week holding the day (1970-01-01 was a Thursday). */
export function mondayOf(dayNumber: number): number {
  return dayNumber - ((((dayNumber + 3) % 7) + 7) % 7);
}

/** First day of the month holding the day. */
export function firstOfMonth(dayNumber: number): number {
  const [y, m] = civilFromDays(dayNumber);
  return daysFromCivil(y, m, 1);
}

/** "+02:00", "-03:00", "+05:45" for an offset in milliseconds east of UTC. */
export function formatOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `${offsetMs < 0 ? "-" : "+"}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

// The API's days: `from` inclusive and `to` exclusive at 00:00 UTC. Our own ranges are
// inclusive on both ends; the API's `to` is the day after. Plain day arithmetic, no date
// library: this module also runs in the browser (the report controls).

/** Midnight UTC of a real day written YYYY-MM-DD; undefined for anything else. */
export function parseIsoDay(text: string): Date | undefined {
  const match = ISO_DAY.exec(text);
  if (!match) return undefined;
  const n = daysFromCivil(Number(match[1]), Number(match[2]), Number(match[3]));
  return formatDay(n) === text ? new Date(n * DAY_MS) : undefined;
}

/** The UTC day of an instant. */
export function isoDay(date: Date): IsoDay {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("Invalid time value");
  return formatDay(Math.floor(ms / DAY_MS));
}

export function shiftDay(day: IsoDay, days: number): IsoDay {
  return formatDay(parseDay(day) + days);
}

/** Every day of an inclusive range, oldest first. */
export function daysOf(from: IsoDay, toInclusive: IsoDay): IsoDay[] {
  const days: IsoDay[] = [];
  for (let d = from; d <= toInclusive; d = shiftDay(d, 1)) days.push(d);
  return days;
}

/** Days from `a` to `b` (b − a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return parseDay(b) - parseDay(a);
}

/** The UTC day a timestamp falls on. */
export function dayOfTimestamp(timestamp: string): IsoDay {
  return isoDay(new Date(timestamp));
}
