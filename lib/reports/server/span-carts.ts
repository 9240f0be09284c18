import "server-only";

// The abandoned carts whose session began in spans of instants, read through the mirror (the
// resource's own column: sessionInitializedAt). An alert sums their payment attempts with the
// Abandonment report's own definitions (lib/analytics/abandonment-attempts.ts); nothing of a
// cart but those sums leaves the server.
import { isoDay } from "@/lib/calendar";
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { rangeOptions, withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { timestampMs } from "@/lib/timestamps";
import type { InstantSpan } from "./span-summaries";

export async function loadSpanCarts(client: MirroredClient, spans: readonly InstantSpan[], given: LoadOptions = {}): Promise<{ carts: AbandonedCart[][]; reports: RangeReport[] }> {
  const options = withReportDeadline(client, given);
  const read = await Promise.all(
    spans.map(async (span) => {
      const window = { from: isoDay(new Date(span.fromMs)), to: isoDay(new Date(span.toMs - 1)) };
      const { records, report } = await client.fetchRange("abandoned-carts", window, rangeOptions(options));
      const carts = records.filter((c) => {
        const ms = timestampMs(c.sessionInitializedAt);
        return ms >= span.fromMs && ms < span.toMs;
      });
      return { carts, report };
    }),
  );
  return { carts: read.map((r) => r.carts), reports: read.map((r) => r.report) };
}
