// Pure planning of which windows to ask for. The API allows at most 90 days per request
// and truncates at 5000 records, keeping the newest; no page parameter exists.
import { daysBetween, shiftDay, type IsoDay } from "@/lib/calendar";

export const MAX_WINDOW_DAYS = 90;

/** A half-open span of days [from, to), like the API's parameters. */
export interface Span { from: IsoDay; to: IsoDay }

/** Runs of consecutive days that are not `known`, newest first, as half-open spans. */
export function missingSpans(days: readonly IsoDay[], known: (day: IsoDay) => boolean): Span[] {
  const spans: Span[] = [];
  let runEnd: IsoDay | undefined;
  for (let i = days.length - 1; i >= 0; i--) {
    const day = days[i] as IsoDay;
    if (!known(day)) {
      runEnd ??= shiftDay(day, 1);
      if (i === 0 || known(days[i - 1] as IsoDay)) {
        spans.push({ from: day, to: runEnd });
        runEnd = undefined;
      }
    }
  }
  return spans;
}

/** The next window to ask for when everything from `end` on is already done. */
export function windowEndingAt(span: Span, end: IsoDay): Span {
  const from = daysBetween(span.from, end) > MAX_WINDOW_DAYS ? shiftDay(end, -MAX_WINDOW_DAYS) : span.from;
  return { from, to: end };
}

/**
 * The next window, sized from the density seen so far (records per day). Continuing from a
 * truncated answer wastes, on average, half a day of records (the oldest day is fetched
 * again whole); a window of whole days that just fits under the limit wastes the fraction
 * of a day that does not fit. The cheaper of the two is chosen.
 */
export function nextWindow(span: Span, end: IsoDay, density: number, limit: number): Span {
  const widest = windowEndingAt(span, end);
  if (!(density > 0)) return widest;
  const fitDays = Math.floor((limit * FIT_MARGIN) / density);
  if (fitDays < 1 || fitDays * density <= limit - density / 2) return widest;
  const from = shiftDay(end, -fitDays);
  return from > widest.from ? { from, to: end } : widest;
}

// Days differ (weekdays, promotions): aim a little under the limit.
const FIT_MARGIN = 0.95;

export interface Advance {
  /** Days whose records are all in this answer. */
  complete: Span | null;
  /** A day that alone held more records than the limit: only its newest are known. */
  incomplete: IsoDay | null;
  /** Where the next window ends (exclusive); equal to the window's start when it is done. */
  nextEnd: IsoDay;
}

/**
 * After an answer for `window`: an untruncated answer completes the window. A truncated one
 * holds the newest records, so every day after the oldest record's day is complete, and the
 * next window ends just after that day (it is fetched again whole). When the oldest record
 * is on the window's last day, that day alone exceeds the limit.
 */
export function advance(window: Span, truncated: boolean, oldestDay: IsoDay | undefined): Advance {
  if (!truncated) return { complete: window, incomplete: null, nextEnd: window.from };
  const lastDay = shiftDay(window.to, -1);
  if (oldestDay === undefined || oldestDay >= lastDay) return { complete: null, incomplete: lastDay, nextEnd: lastDay };
  const next = oldestDay < window.from ? window.from : oldestDay;
  return { complete: { from: shiftDay(next, 1), to: window.to }, incomplete: null, nextEnd: shiftDay(next, 1) };
}

/**
 * Splits a span into up to `maxSegments` spans fetched side by side, newest first. Each
 * segment costs at most one under-filled request, so a span is only split when the records
 * expected (`density` per day) fill several requests per segment.
 */
export function splitForConcurrency(span: Span, density: number, maxSegments: number, limit: number): Span[] {
  const days = daysBetween(span.from, span.to);
  const expectedRequests = Math.max(Math.ceil(days / MAX_WINDOW_DAYS), Math.ceil((days * density) / limit));
  const count = Math.max(1, Math.min(maxSegments, Math.floor(expectedRequests / 4), days));
  const segments: Span[] = [];
  let end = span.to;
  for (let i = count; i > 0; i--) {
    const length = Math.ceil(daysBetween(span.from, end) / i);
    segments.push({ from: shiftDay(end, -length), to: end });
    end = shiftDay(end, -length);
  }
  return segments;
}
