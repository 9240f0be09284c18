import "server-only";

// The records of a resource that fall in spans of instants (a part of a day), read through the
// mirror: each span's UTC days fetched, and the records whose own time column is in the span
// kept. The span readers of the alerts (span-summaries.ts, span-carts.ts) both stand on it.
import { isoDay } from "@/lib/calendar";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { rangeOptions, type LoadOptions } from "@/lib/reports/server/load-options";
import type { RecordOf, ResourceName } from "@/lib/sales-api";
import { timestampMs } from "@/lib/timestamps";

/** Epoch ms, `toMs` exclusive. */
export interface InstantSpan {
  fromMs: number;
  toMs: number;
}

/** Each span's records (by `timeOf`) and fetch, in the spans' order; `options` already under its deadline. */
export function loadSpanRecords<R extends ResourceName>(client: MirroredClient, resource: R, spans: readonly InstantSpan[], timeOf: (record: RecordOf<R>) => string, options: LoadOptions): Promise<Array<{ records: RecordOf<R>[]; report: RangeReport }>> {
  return Promise.all(
    spans.map(async (span) => {
      const window = { from: isoDay(new Date(span.fromMs)), to: isoDay(new Date(span.toMs - 1)) };
      const { records, report } = await client.fetchRange(resource, window, rangeOptions(options));
      const inSpan = records.filter((r) => {
        const ms = timestampMs(timeOf(r));
        return ms >= span.fromMs && ms < span.toMs;
      });
      return { records: inSpan, report };
    }),
  );
}
