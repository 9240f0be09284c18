import "server-only";

// "Sales below the expected range": the purchases and the net revenue of today so far, per
// currency, against the same hours of the same weekday of the last four weeks. The expected is
// their mean, the range their lowest and highest; the alert holds when today is below the
// expected by more than the user's threshold. What explains the drop is the contribution
// analysis over the eight dimensions (lib/insights), today against the weeks' mean.
//
// Today's hours end at the last whole hour at least LAG_MS ago: a checkout's purchase follows
// its start by minutes, so the latest minutes are not yet what they will be, and the weeks'
// same hours are compared as they were then. Every figure is the Revenue report's (the same
// summaries, lib/reports/server/span-summaries.ts).
import { localDayStartMs, zoneForDays } from "@/lib/analytics/local-days";
import { SUM, SUMMARY_DIMENSIONS } from "@/lib/analytics/purchase-summary";
import type { MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import { summaryBreakdowns } from "@/lib/analytics/purchase-summary-views";
import { saleShareSum } from "@/lib/analytics/key-share";
import type { Dimension } from "@/lib/analytics/dimensions";
import { DAY_MS, formatDay, parseDay } from "@/lib/calendar";
import { explainChange, type Finding } from "@/lib/insights/contribution";
import { SAME_SALES, summaryDimensionValues, type SummaryBreakdowns } from "@/lib/insights/summary-dimensions";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { todayIn } from "@/lib/report-params/presets";
import { periodQuality } from "@/lib/reports/report-quality";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { loadSpanSummaries, type InstantSpan } from "@/lib/reports/server/span-summaries";
import type { KeyType } from "@/lib/sales-api";
import type { AlertSignal } from "./alert-episodes";

export const WEEKS = 4;
const HOUR_MS = 3_600_000;
export const LAG_MS = 30 * 60_000;
/** Fewer purchases expected than this, and a drop cannot be told from chance: the currency is not judged. */
export const MIN_EXPECTED_PURCHASES = 20;

/** A figure today and on the weeks compared (counts, or cents). */
export interface FigureRange {
  current: number;
  /** The weeks' mean, and below it by the threshold. */
  expected: number;
  low: number;
  min: number;
  max: number;
}

export interface SalesDropFacts {
  currency: string;
  /** Today (local) and the hours compared, from its midnight: [0, hours). */
  day: string;
  hours: number;
  /** The same weekdays compared, the latest first. */
  weeks: string[];
  purchases: FigureRange;
  /** Creator net, or net commission: cents. */
  net: FigureRange;
  threshold: number;
  /** Which figure is below its line: purchases, or (purchases holding) net revenue alone. */
  fired: "purchases" | "net" | null;
  findings: Array<Finding<Dimension>>;
}

/**
 * Today's span and the weeks' same spans, or null before the day's first whole hour. Each ends at
 * the same wall-clock hour of its own day ("until 14:00"), not after as many elapsed hours: on a
 * day the clocks change, the two differ by the change.
 */
export function salesDropSpans(at: number, timeZone: string): { day: string; hours: number; weeks: string[]; spans: InstantSpan[] } | null {
  const today = parseDay(todayIn(timeZone, new Date(at)));
  const zone = zoneForDays(today - 7 * WEEKS, today + 1, timeZone);
  const cut = at - LAG_MS;
  if (cut < localDayStartMs(today, zone)) return null;
  // The wall-clock hour of the cut, read as if its local time were UTC.
  const hours = Math.floor((((cut + zone.offsetAt(cut)) % DAY_MS) + DAY_MS) % DAY_MS / HOUR_MS);
  if (hours < 1) return null;
  const days = Array.from({ length: WEEKS + 1 }, (_, k) => today - 7 * k);
  const spans = days.map((d) => ({ fromMs: localDayStartMs(d, zone), toMs: localHourMs(d, hours, zone) }));
  return { day: formatDay(today), hours, weeks: days.slice(1).map(formatDay), spans };
}

/** The instant a local day's wall clock reads `hour`:00 (the hour after a gap, when it falls in one). */
function localHourMs(day: number, hour: number, zone: { offsetAt(ms: number): number }): number {
  const local = day * DAY_MS + hour * HOUR_MS;
  let guess = local - zone.offsetAt(local);
  guess = local - zone.offsetAt(guess);
  return guess;
}

function rangeOf(current: number, weeks: readonly number[], threshold: number): FigureRange {
  const expected = weeks.reduce((a, b) => a + b, 0) / weeks.length;
  return { current, expected, low: expected * (1 - threshold / 100), min: Math.min(...weeks), max: Math.max(...weeks) };
}

/**
 * One signal per currency judged (a currency expecting too few sales is not: its open episode
 * counts as clear); null when nothing can be judged (the day too young, a span's figures not whole).
 */
export async function salesDropSignals(client: MirroredClient, request: { keyType: KeyType; timeZone: string; at: number; threshold: number }, options: LoadOptions = {}): Promise<AlertSignal[] | null> {
  const plan = salesDropSpans(request.at, request.timeZone);
  if (!plan) return null;
  const { summaries, reports } = await loadSpanSummaries(client, plan.spans, options);
  // A day not read, or over the API's limit, would look like a drop: nothing is judged on it.
  if (!periodQuality(reports).complete) return null;
  const [today, ...weeks] = summaries as [MergedSummary, ...MergedSummary[]];
  const net = request.keyType === "creator" ? SUM.creatorNet : SUM.affiliationNet;
  const currencies = [...new Set(summaries.flatMap((s) => s.currencies.map((c) => c.currency)))].sort();
  const of = (s: MergedSummary, currency: string) => s.currencies.find((c) => c.currency === currency);
  const value = saleShareSum(request.keyType);
  // Every dimension's split of every span, made once, and only when a currency has a drop to explain.
  let split: { now: SummaryBreakdowns; before: SummaryBreakdowns[] } | null = null;
  const splitOf = () => (split ??= { now: summaryBreakdowns(today, SUMMARY_DIMENSIONS, value), before: weeks.map((w) => summaryBreakdowns(w, SUMMARY_DIMENSIONS, value)) });
  const signals: AlertSignal[] = [];
  for (const currency of currencies) {
    const purchases = rangeOf(of(today, currency)?.purchases ?? 0, weeks.map((w) => of(w, currency)?.purchases ?? 0), request.threshold);
    if (purchases.expected < MIN_EXPECTED_PURCHASES) continue;
    const netRange = rangeOf(of(today, currency)?.sums[net] ?? 0, weeks.map((w) => of(w, currency)?.sums[net] ?? 0), request.threshold);
    const fired = purchases.current < purchases.low ? "purchases" : netRange.expected > 0 && netRange.current < netRange.low ? "net" : null;
    // A drop in net revenue alone is explained by the sales amounts (the dimensions split those, not the net).
    const findings = fired ? explainChange(summaryDimensionValues(splitOf().now, splitOf().before, currency, fired === "purchases" ? "purchases" : "amount"), { sameSales: SAME_SALES }) : [];
    const facts: SalesDropFacts = { currency, day: plan.day, hours: plan.hours, weeks: plan.weeks, purchases, net: netRange, threshold: request.threshold, fired, findings };
    const firing = fired !== null;
    signals.push({ kind: "sales_drop", subject: currency, firing, facts });
  }
  return signals;
}
