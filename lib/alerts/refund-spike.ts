import "server-only";

// "Refunds spiking": per currency, the refunds requested on the last whole day (in the zone the
// rule was saved in) against the same weekday of the four weeks before, as the Refunds report
// counts them dated by request (lib/reports/server/refunds-report.ts). The expected is the
// weeks' mean; the alert holds when the day is above it by more than the user's threshold (in
// percent) and by five refunds at least (a day of 2 against 1 is no spike). What explains it:
// which values of the refunded sales carry more than their part (loss-findings.ts).
import { formatDay, parseDay } from "@/lib/calendar";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { parseReportParams } from "@/lib/report-params/parse";
import { todayIn } from "@/lib/report-params/presets";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { reportQuality } from "@/lib/reports/report-quality";
import { loadRefundsParts } from "@/lib/reports/server/refunds-report";
import type { Dimension } from "@/lib/analytics/dimensions";
import type { Finding } from "@/lib/insights/contribution";
import type { KeyType } from "@/lib/sales-api";
import type { AlertSignal } from "./alert-episodes";
import { refundSpikeFindings, unlessUnexplained } from "./loss-findings";

export const SPIKE_WEEKS = 4;
export const MIN_EXCESS = 5;

export interface RefundSpikeFacts {
  currency: string;
  day: string;
  weeks: string[];
  refunds: { current: number; expected: number; min: number; max: number };
  /** Refunded, in cents: the day's, and the weeks' mean. */
  refunded: { current: number; expected: number };
  threshold: number;
  /** What explains it (when it fires): the refunds' count per key, the day's against the weeks' mean; absent when it could not be made. */
  findings?: Array<Finding<Dimension>>;
}

/** One signal per currency; null when a day was not read whole. */
export async function refundSpikeSignals(client: MirroredClient, request: { keyType: KeyType; timeZone: string; at: number; threshold: number }, options: LoadOptions = {}): Promise<AlertSignal[] | null> {
  const yesterday = parseDay(todayIn(request.timeZone, new Date(request.at))) - 1;
  const days = Array.from({ length: SPIKE_WEEKS + 1 }, (_, k) => formatDay(yesterday - 7 * k));
  // The Refunds report's parts (its KPIs and rows), without what only its page shows.
  const views = await Promise.all(days.map((day) => loadRefundsParts(client, request.keyType, parseReportParams({ from: day, to: day, tz: request.timeZone, compare: "none", dating: "event" }, new Date(request.at)).params, options)));
  if (views.some((v) => !reportQuality(v.reports, { records: v.assumedCurrencyRecords, currency: v.currency }).complete || v.unavailable.includes("refunds"))) return null;
  const [day, ...weeks] = views as [(typeof views)[number], ...(typeof views)[number][]];
  const currencies = [...new Set(views.flatMap((v) => v.figures.map((f) => f.currency)))].sort();
  const signals: AlertSignal[] = [];
  for (const currency of currencies) {
    const of = (v: typeof day) => v.figures.find((f) => f.currency === currency);
    const counts = weeks.map((w) => of(w)?.refunds ?? 0);
    const expected = counts.reduce((a, b) => a + b, 0) / counts.length;
    const current = of(day)?.refunds ?? 0;
    const cents = (v: typeof day) => Math.round((of(v)?.refundedAmount ?? 0) * 100);
    const firing = current > expected * (1 + request.threshold / 100) && current - expected >= MIN_EXCESS;
    const facts: RefundSpikeFacts = {
      currency,
      day: days[0]!,
      weeks: days.slice(1),
      refunds: { current, expected, min: Math.min(...counts), max: Math.max(...counts) },
      refunded: { current: cents(day), expected: Math.round(weeks.reduce((sum, w) => sum + cents(w), 0) / weeks.length) },
      threshold: request.threshold,
      findings: firing ? await unlessUnexplained(() => refundSpikeFindings(client, views.map((v) => v.refunds?.rows ?? []), currency, request.at, options)) : [],
    };
    signals.push({ kind: "refund_spike", subject: currency, firing, facts });
  }
  return signals;
}
