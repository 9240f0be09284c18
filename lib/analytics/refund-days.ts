// Days from sale to refund request, in the buckets the Refunds report shows: one definition for
// the records (refunds-report.ts's daysToRefund) and the refunds fact table's rows
// (lib/query/event-facts.ts), so both place a refund in the same bucket.

/** Days from sale to refund request: `from` to `to` whole days, the last one open (`to` null). */
export interface DaysBucket { from: number; to: number | null; count: number }
export const DAY_BUCKETS: ReadonlyArray<Omit<DaysBucket, "count">> = [{ from: 0, to: 1 }, { from: 2, to: 7 }, { from: 8, to: 14 }, { from: 15, to: 30 }, { from: 31, to: null }];

/** The bucket of a refund by days from sale (purchaseCreatedAt) to request (requestedAt); null without both dates. */
export function refundDaysBucket(r: Readonly<Record<string, unknown>>): number | null {
  if (typeof r.requestedAt !== "string" || typeof r.purchaseCreatedAt !== "string") return null;
  const d = (Date.parse(r.requestedAt) - Date.parse(r.purchaseCreatedAt)) / 86_400_000;
  // An unreadable date (NaN) falls in the last, open bucket, as it always has.
  return DAY_BUCKETS.findIndex((b) => b.to === null || d <= b.to);
}

/** The buckets with their counts, from each refund's bucket index (null ones left out). */
export function daysBucketsOf(buckets: Iterable<number | null>): DaysBucket[] {
  const days: DaysBucket[] = DAY_BUCKETS.map((b) => ({ ...b, count: 0 }));
  for (const b of buckets) if (b !== null) days[b]!.count++;
  return days;
}
