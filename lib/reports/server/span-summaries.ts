import "server-only";

// The purchases of spans of instants (a part of a day: "today until 14:00", and the same hours of
// earlier weeks) as merged summaries, made by the same code as the Revenue report's
// (lib/analytics/purchase-summary): the records of each span's UTC days are read through the
// mirror, those whose checkout began in the span summarised, and every span merged under one
// currency decision. An alert compares "so far today" with earlier days through it.
import { summarizePurchases, type PurchaseSummary } from "@/lib/analytics/purchase-summary";
import { mergeSummaries, offerCurrencies, type MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import { isoDay } from "@/lib/calendar";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { timestampMs } from "@/lib/timestamps";

/** Epoch ms, `toMs` exclusive. */
export interface InstantSpan {
  fromMs: number;
  toMs: number;
}

export interface SpanSummaries {
  /** One per span, in the spans' order. */
  summaries: MergedSummary[];
  /** Each span's fetch. */
  reports: RangeReport[];
}

export async function loadSpanSummaries(client: MirroredClient, spans: readonly InstantSpan[], given: LoadOptions = {}): Promise<SpanSummaries> {
  const options = withReportDeadline(client, given);
  const read = await Promise.all(
    spans.map(async (span): Promise<{ summary: PurchaseSummary; report: RangeReport }> => {
      const window = { from: isoDay(new Date(span.fromMs)), to: isoDay(new Date(span.toMs - 1)) };
      const { records, report } = await client.fetchRange("purchases", window, rangeOptions(options));
      const inSpan = records.filter((p) => {
        const ms = timestampMs(p.checkoutInitializedAt);
        return ms >= span.fromMs && ms < span.toMs;
      });
      return { summary: summarizePurchases(inSpan), report };
    }),
  );
  const decided = await currencyAssumptionFor(client, offerCurrencies(read.map((r) => r.summary)), options.currency, options.deadline);
  return { summaries: read.map((r) => mergeSummaries([r.summary], decided)), reports: read.map((r) => r.report) };
}
