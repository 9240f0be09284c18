// The date range of a report, from the URL: inclusive YYYY-MM-DD days, UTC. A malformed or
// impossible range is answered with a message and the nearest valid range, never a crash.
import { daysBetween, isoDay, parseIsoDay, shiftDay, type IsoDay } from "@/lib/sales-api/dates";

export const MAX_RANGE_DAYS = 731;

export type RangeParse =
  | { ok: true; from: IsoDay; to: IsoDay }
  | { ok: false; message: string; fallback: { from: IsoDay; to: IsoDay } };

export function defaultRange(today: IsoDay, days = 7): { from: IsoDay; to: IsoDay } {
  return { from: shiftDay(today, -(days - 1)), to: today };
}

function withinLimit(from: IsoDay, to: IsoDay): { from: IsoDay; to: IsoDay } {
  return daysBetween(from, to) + 1 > MAX_RANGE_DAYS ? { from: shiftDay(to, -(MAX_RANGE_DAYS - 1)), to } : { from, to };
}

export function parseReportRange(params: { from?: string | string[]; to?: string | string[] }, now: Date = new Date()): RangeParse {
  const today = isoDay(now);
  const fallback = defaultRange(today);
  const from = Array.isArray(params.from) ? params.from[0] : params.from;
  const to = Array.isArray(params.to) ? params.to[0] : params.to;
  if (from === undefined && to === undefined) return { ok: true, ...fallback };
  if (!from || !parseIsoDay(from)) return { ok: false, message: `The start date "${from ?? ""}" is not a day written YYYY-MM-DD.`, fallback };
  if (!to || !parseIsoDay(to)) return { ok: false, message: `The end date "${to ?? ""}" is not a day written YYYY-MM-DD.`, fallback };
  if (from > to) return { ok: false, message: `The range starts (${from}) after it ends (${to}).`, fallback: withinLimit(to, from) };
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    return { ok: false, message: `The range is ${daysBetween(from, to) + 1} days long; reports cover at most ${MAX_RANGE_DAYS} days.`, fallback: withinLimit(from, to) };
  }
  return { ok: true, from, to };
}
