import "server-only";

// The abandoned carts whose session began in spans of instants (the resource's own column:
// sessionInitializedAt; span-records.ts). An alert sums their payment attempts with the
// Abandonment report's own definitions (lib/analytics/abandonment-attempts.ts); nothing of a
// cart but those sums leaves the server.
import type { RangeReport } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { withReportDeadline, type LoadOptions } from "@/lib/reports/server/load-options";
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { loadSpanRecords, type InstantSpan } from "./span-records";

export async function loadSpanCarts(client: MirroredClient, spans: readonly InstantSpan[], given: LoadOptions = {}): Promise<{ carts: AbandonedCart[][]; reports: RangeReport[] }> {
  const read = await loadSpanRecords(client, "abandoned-carts", spans, (c) => c.sessionInitializedAt, withReportDeadline(client, given));
  return { carts: read.map((r) => r.records), reports: read.map((r) => r.report) };
}
