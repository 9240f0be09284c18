import "server-only";

// "Chargebacks projected over the line": per currency, the month's chargeback rate as card
// networks count it (disputes opened in the month over the sales of the month: the Refunds
// report's own figures, dated by request, lib/reports/server/refunds-report.ts), projected to the
// month's end at the pace of the last 14 days (its disputes and its sales a day, each), against
// the line the user chose (0.9%, where the networks start to watch, by default; 1.5% is theirs
// for "excessive"). The facts tell the month so far, the pace, the days left; and what carries
// the disputes: the values of their sales that hold more of the month's disputes than of its
// sales (loss-findings.ts).
import { firstOfMonth, formatDay, parseDay } from "@/lib/calendar";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { parseReportParams } from "@/lib/report-params/parse";
import { todayIn } from "@/lib/report-params/presets";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { localDayStartMs, zoneForDays } from "@/lib/analytics/local-days";
import { saleShareSum } from "@/lib/analytics/key-share";
import { SUMMARY_DIMENSIONS } from "@/lib/analytics/purchase-summary";
import { summaryBreakdowns } from "@/lib/analytics/purchase-summary-views";
import type { Dimension } from "@/lib/analytics/dimensions";
import type { ConcentrationFinding } from "@/lib/insights/concentration";
import { reportQuality } from "@/lib/reports/report-quality";
import { loadRefundsParts } from "@/lib/reports/server/refunds-report";
import { loadSpanSummaries } from "@/lib/reports/server/span-summaries";
import type { KeyType } from "@/lib/sales-api";
import type { AlertSignal } from "./alert-episodes";
import { chargebackFindings, unlessUnexplained } from "./loss-findings";

export const PACE_DAYS = 14;
/** Fewer sales than this projected for the month, and one dispute moves the rate too far to tell. */
export const MIN_MONTH_SALES = 100;

export interface ChargebackProjectionFacts {
  currency: string;
  /** The month (its first day), today, and the whole days left after today. */
  month: string;
  today: string;
  daysLeft: number;
  monthToDate: { sales: number; chargebacks: number };
  pace: { days: number; sales: number; chargebacks: number };
  projected: { sales: number; chargebacks: number; rate: number };
  /** The line, in percent. */
  threshold: number;
  /** What carries the month's disputes (when it fires): each value's disputes beside its sales; absent when it could not be made. */
  findings?: Array<ConcentrationFinding<Dimension>>;
}

export function projectionPeriods(at: number, timeZone: string): { month: { from: string; to: string }; pace: { from: string; to: string }; daysLeft: number } {
  const today = parseDay(todayIn(timeZone, new Date(at)));
  const first = firstOfMonth(today);
  const last = firstOfMonth(first + 31) - 1;
  return { month: { from: formatDay(first), to: formatDay(today) }, pace: { from: formatDay(today - PACE_DAYS), to: formatDay(today - 1) }, daysLeft: last - today };
}

/** One signal per currency projected to 100 sales or more; null when the month or the pace was not read whole. */
export async function chargebackProjectionSignals(client: MirroredClient, request: { keyType: KeyType; timeZone: string; at: number; threshold: number }, options: LoadOptions = {}): Promise<AlertSignal[] | null> {
  const periods = projectionPeriods(request.at, request.timeZone);
  const paramsOf = (range: { from: string; to: string }) => parseReportParams({ ...range, tz: request.timeZone, compare: "none", dating: "event" }, new Date(request.at)).params;
  // The Refunds report's parts (its KPIs and rows), without what only its page shows.
  const [month, pace] = await Promise.all([loadRefundsParts(client, request.keyType, paramsOf(periods.month), options), loadRefundsParts(client, request.keyType, paramsOf(periods.pace), options)]);
  const complete = (p: typeof month) => reportQuality(p.reports, { records: p.assumedCurrencyRecords, currency: p.currency }).complete;
  // A chargebacks list the key may not read, or days not read whole, project nothing.
  if (month.unavailable.includes("chargebacks") || !complete(month) || !complete(pace)) return null;
  // The month's sales by every dimension (the Revenue report's summaries), read once and only when a currency fires.
  let sales: Promise<ReturnType<typeof summaryBreakdowns<Dimension>>> | null = null;
  const salesOfMonth = () => (sales ??= monthSales(client, request, periods.month, options));
  const signals: AlertSignal[] = [];
  for (const m of month.figures) {
    const p = pace.figures.find((x) => x.currency === m.currency);
    const perDay = (n: number) => n / PACE_DAYS;
    const sales = m.purchases + perDay(p?.purchases ?? 0) * periods.daysLeft;
    const chargebacks = m.chargebacks + perDay(p?.chargebacks ?? 0) * periods.daysLeft;
    if (sales < MIN_MONTH_SALES) continue;
    const rate = chargebacks / sales;
    const firing = rate * 100 >= request.threshold;
    const disputes = (month.chargebacks?.rows ?? []).filter((c) => c.dispute);
    const facts: ChargebackProjectionFacts = {
      currency: m.currency,
      month: periods.month.from,
      today: periods.month.to,
      daysLeft: periods.daysLeft,
      monthToDate: { sales: m.purchases, chargebacks: m.chargebacks },
      pace: { days: PACE_DAYS, sales: p?.purchases ?? 0, chargebacks: p?.chargebacks ?? 0 },
      projected: { sales, chargebacks, rate },
      threshold: request.threshold,
      findings: firing ? await unlessUnexplained(async () => chargebackFindings(client, disputes, await salesOfMonth(), m.currency, request.at, options)) : [],
    };
    signals.push({ kind: "chargeback_projection", subject: m.currency, firing, facts });
  }
  return signals;
}

/** The month's sales (checkouts begun from its first day to the end of today, in the zone) by every dimension. */
async function monthSales(client: MirroredClient, request: { keyType: KeyType; timeZone: string }, month: { from: string; to: string }, options: LoadOptions) {
  const first = parseDay(month.from);
  const end = parseDay(month.to) + 1;
  const zone = zoneForDays(first, end + 1, request.timeZone);
  const { summaries } = await loadSpanSummaries(client, [{ fromMs: localDayStartMs(first, zone), toMs: localDayStartMs(end, zone) }], options);
  return summaryBreakdowns(summaries[0]!, SUMMARY_DIMENSIONS, saleShareSum(request.keyType));
}
