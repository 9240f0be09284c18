// A chart's time bucket as the reader's language writes it, never as the ISO key the series
// carries ("2026-06-15T14:00-03:00"). Keys are already local to the report's zone, so their
// civil date and hour are written as they are, without converting them again.
import { formatDayInLocale } from "@/lib/format";
import { intl } from "@/lib/intl-cache";

const HOUR_KEY = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;
const MONTH_KEY = /^(\d{4})-(\d{2})$/;
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** "Jun 15, 2026" (day or the Monday of a week), "Jun 2026" (month), "Jun 15, 14:00" (hour). */
export function bucketLabel(bucket: string, locale: string): string {
  if (DAY_KEY.test(bucket)) return formatDayInLocale(bucket, locale);
  const month = MONTH_KEY.exec(bucket);
  if (month) return intl(Intl.DateTimeFormat, locale, { timeZone: "UTC", month: "short", year: "numeric" }).format(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
  const hour = HOUR_KEY.exec(bucket);
  if (hour) {
    const [, y, m, d, h, min] = hour.map(Number) as [number, number, number, number, number, number];
    return intl(Intl.DateTimeFormat, locale, { timeZone: "UTC", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(Date.UTC(y, m - 1, d, h, min));
  }
  return bucket;
}
