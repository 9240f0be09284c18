// How fresh a report's data is, in one line: "Data as of 12:04", or, when the older days
// were fetched markedly earlier than the recent ones (the mirror keeps old days for longer,
// lib/mirror/freshness-policy.ts), "Data as of 12:04; days before 2026-05-16 as of
// yesterday, 09:10". Made on the server from the fetches' per-day times (RangeReport.fetchedAt);
// only this summary reaches the browser, never the per-day list. Pure: no clock, no I/O.
//
// The rule (one split at most, so the line stays one line):
// - each UTC day counts with its oldest fetch over every resource the report read;
// - O is the oldest fetch of all days; the older part is every day up to the newest day fetched
//   within SPLIT_GAP_MS of O; the recent part is the days after it;
// - no recent part (the newest day is itself among the oldest fetched): one time, O;
// - otherwise "as of" the recent part's oldest fetch (more than SPLIT_GAP_MS after O), and
//   "days before <its first day> as of O".
// And which days are older than what: the largest of 7 days, 24 h and 1 h that some day's
// last read exceeds, with the first few of those days ("3 days last read more than 24 h ago:
// 2026-03-01, ..."), so a person sees which figures may lag the upstream (a late refund on an
// old sale, lib/mirror/touched-sales.ts, is fetched again sooner than this).

/** A split says something only when the older part is more than this much older. */
export const SPLIT_GAP_MS = 60 * 60_000;

const HOUR_MS = 60 * 60_000;
/** The ages the line names, largest first: "more than 7 days", "24 h", "1 h". */
export const STALE_MARKS = [
  { mark: "week", ms: 7 * 24 * HOUR_MS },
  { mark: "day", ms: 24 * HOUR_MS },
  { mark: "hour", ms: HOUR_MS },
] as const;
/** Days listed by name; the rest are counted. */
export const LISTED_STALE_DAYS = 5;

export interface StaleDays {
  /** The age every listed day's last read exceeds. */
  mark: (typeof STALE_MARKS)[number]["mark"];
  /** How many days are older than that. */
  count: number;
  /** The first of them (UTC days, in order), at most LISTED_STALE_DAYS. */
  days: string[];
}

export type { DayRange } from "@/lib/analytics/compare";
import type { DayRange } from "@/lib/analytics/compare";
import type { RangeReport } from "@/lib/mirror/range-types";

export interface DataFreshness {
  /** When the report was computed (epoch ms): "today" and "yesterday" are judged against it. */
  computedAt: number;
  /** The oldest fetch (epoch ms) of the report's days, or of its recent part when split. */
  asOf: number;
  /** Older days fetched markedly earlier: days before `before` (UTC) are as of `asOf`. */
  older: { before: string; asOf: number } | null;
  /** The UTC days the report read (current and comparison), merged into a few inclusive spans: what "Refresh now" expires. */
  spans: DayRange[];
  /** The days last read longer ago than the largest age some day exceeds; null when every day was read within the hour. */
  stale: StaleDays | null;
}

type Fetch = Pick<RangeReport, "from" | "to" | "fetchedAt">;

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Inclusive day ranges merged where they overlap or touch, sorted. */
export function mergeSpans(ranges: readonly DayRange[]): DayRange[] {
  const merged: DayRange[] = [];
  for (const range of [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))) {
    const last = merged.at(-1);
    if (last && range.from <= nextDay(last.to)) {
      if (range.to > last.to) last.to = range.to;
    } else merged.push({ from: range.from, to: range.to });
  }
  return merged;
}

/** The summary of a report's fetches; null when no day was fetched at all. */
export function dataFreshness(fetches: readonly Fetch[], computedAt: number, gapMs = SPLIT_GAP_MS): DataFreshness | null {
  const byDay = new Map<string, number>();
  for (const fetch of fetches) {
    for (const [day, at] of fetch.fetchedAt) byDay.set(day, Math.min(at, byDay.get(day) ?? Infinity));
  }
  if (byDay.size === 0) return null;
  const days = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const oldest = Math.min(...days.map(([, at]) => at));
  let lastOld = -1;
  days.forEach(([, at], i) => {
    if (at <= oldest + gapMs) lastOld = i;
  });
  const recent = days.slice(lastOld + 1);
  const spans = mergeSpans(fetches.map((f) => ({ from: f.from, to: f.to })));
  const stale = staleDays(days, computedAt);
  if (recent.length === 0) return { computedAt, asOf: oldest, older: null, spans, stale };
  return { computedAt, asOf: Math.min(...recent.map(([, at]) => at)), older: { before: recent[0]![0], asOf: oldest }, spans, stale };
}

/** `days`: each day with its oldest read, in day order. */
function staleDays(days: ReadonlyArray<[string, number]>, computedAt: number): StaleDays | null {
  for (const { mark, ms } of STALE_MARKS) {
    const older = days.filter(([, at]) => computedAt - at > ms).map(([day]) => day);
    if (older.length > 0) return { mark, count: older.length, days: older.slice(0, LISTED_STALE_DAYS) };
  }
  return null;
}

const MARK_WORDS: Record<StaleDays["mark"], string> = { week: "7 days", day: "24 h", hour: "1 h" };

/** "3 days last read more than 24 h ago: 2026-03-01, 2026-03-02, 2026-03-05" (and "and N more" past the listed ones). */
export function staleSentence(stale: StaleDays): string {
  const more = stale.count - stale.days.length;
  return `${stale.count} day${stale.count === 1 ? "" : "s"} last read more than ${MARK_WORDS[stale.mark]} ago: ${stale.days.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

/** "12:04" (or "12:04:09" with seconds) in `timeZone`, on a 24-hour clock like every time of a report. */
export function formatClock(ms: number, timeZone: string, seconds = false): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}), hourCycle: "h23" }).format(ms);
}

const dayIn = (ms: number, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);

/** When something was fetched, in parts a sentence of any language is made of. */
export interface AsOfParts { when: "today" | "yesterday" | "earlier"; time: string; date: string }

/**
 * When something was fetched, for a person in `timeZone`: its time on the reference's day or the
 * day before; earlier, also its date ("Nov 22", with the year when not the reference's: "Nov 22, 2025") as
 * `locale` (an Intl locale) writes it.
 */
export function asOfParts(ms: number, reference: number, timeZone: string, locale = "en-US"): AsOfParts {
  const time = formatClock(ms, timeZone);
  const day = dayIn(ms, timeZone);
  const today = dayIn(reference, timeZone);
  if (day === today) return { when: "today", time, date: day };
  // The reference's local day minus one, found from its local calendar date (DST-proof).
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  if (day === yesterday) return { when: "yesterday", time, date: day };
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  const date = new Intl.DateTimeFormat(locale, { timeZone, day: "numeric", month: "short", ...(sameYear ? {} : { year: "numeric" }) }).format(ms);
  return { when: "earlier", time, date };
}

/** "12:04" on the reference's day, "yesterday, 09:10" the day before, "Nov 22, 09:10" earlier that year, else with the year. */
export function formatAsOf(ms: number, reference: number, timeZone: string): string {
  const { when, time, date } = asOfParts(ms, reference, timeZone);
  return when === "today" ? time : when === "yesterday" ? `yesterday, ${time}` : `${date}, ${time}`;
}

/** "Data as of 12:04", with the older part and the stale days when the summary has them. */
export function freshnessSentence(freshness: DataFreshness, timeZone: string): string {
  const recent = `Data as of ${formatAsOf(freshness.asOf, freshness.computedAt, timeZone)}`;
  const line = freshness.older ? `${recent}; days before ${freshness.older.before} as of ${formatAsOf(freshness.older.asOf, freshness.computedAt, timeZone)}` : recent;
  return freshness.stale ? `${line}. ${staleSentence(freshness.stale)}` : line;
}
