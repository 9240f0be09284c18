import "server-only";

// The purchases of spans of instants (a part of a day: "today until 14:00", and the same hours of
// earlier weeks) as merged summaries, made by the same code as the Revenue report's
// (lib/analytics/purchase-summary): the purchases whose checkout began in each span
// (span-records.ts) summarised, and every span merged under one currency decision. An alert
// compares "so far today" with earlier days through it.
import { summarizePurchases } from "@/lib/analytics/purchase-summary";
import { mergeSummaries, offerCurrencies, type MergedSummary } from "@/lib/analytics/purchase-summary-merge";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { currencyAssumptionFor } from "@/lib/reports/server/currency-assumption";
import { withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import { loadSpanRecords, type InstantSpan } from "./span-records";

export type { InstantSpan };

export interface SpanSummaries {
  /** One per span, in the spans' order. */
  summaries: MergedSummary[];
  /** Each span's fetch. */
  reports: RangeReport[];
}

export async function loadSpanSummaries(client: MirroredClient, spans: readonly InstantSpan[], given: LoadOptions = {}): Promise<SpanSummaries> {
  const options = withReportDeadline(client, given);
  const read = await loadSpanRecords(client, "purchases", spans, (p) => p.checkoutInitializedAt, options);
  const summaries = read.map((r) => summarizePurchases(r.records));
  const decided = await currencyAssumptionFor(client, offerCurrencies(summaries), options.currency, options.deadline);
  return { summaries: summaries.map((s) => mergeSummaries([s], decided)), reports: read.map((r) => r.report) };
}
