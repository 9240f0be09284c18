// A report whose range holds no record at all says so in one sentence and offers a range with
// data, instead of headings over empty charts and a row of zeros.
import { autoGranularity } from "@/lib/report-params/parse";
import { presetRange } from "@/lib/report-params/presets";
import type { ReportParams } from "@/lib/report-params/definitions";
import { daysBetween } from "@/lib/calendar";
import type { CurrencyKpis } from "@/lib/reports/kpi-cards";

/** Every figure of the period is zero or empty: no sale, order, cart or refund in it. */
export function periodHasNoRecords(kpis: readonly CurrencyKpis[]): boolean {
  return kpis.every((group) => group.items.every((item) => item.value === null || item.value === 0));
}

/**
 * The range to offer instead: the last 12 months up to today in the report's zone, or the last
 * two years when the empty range already covers those. The contract tells no account's first
 * or latest record, so the offer is a wider range, not one known to hold the latest sale.
 */
export function rangeWithData(params: ReportParams, now: Date = new Date()): { span: "year" | "twoYears"; params: ReportParams } {
  const year = presetRange("last_12_months", params.tz, now);
  const span = params.from <= year.from && params.to >= year.to ? "twoYears" : "year";
  const target = span === "year" ? year : presetRange("last_two_years", params.tz, now);
  return { span, params: { ...params, ...target, preset: null, granularity: autoGranularity(daysBetween(target.from, target.to) + 1) } };
}

/** Only a complete answer can say "no sales": a failed window would otherwise read as none. */
export function showsEmptyPeriod(view: { kpis: readonly CurrencyKpis[]; quality: { complete: boolean } }): boolean {
  return view.quality.complete && periodHasNoRecords(view.kpis);
}
