import "server-only";
import type { RangeReport } from "@/lib/mirror/range-types";

// The records of a table page the store sorted (purchases, orders): only the sealed days holding
// the page's rows are opened, and each row is its day's record of that id.

/**
 * The page's records, in its order, from their days' records; null when a day is not the copy the
 * table was read from (`stamps`: fetched again since) or lacks a record the table names. A record
 * twice in a day is one row of the table, its first copy (as the fact rows keep it).
 */
export async function openPageDays<R, I extends { day: string }>(
  items: readonly I[],
  stamps: ReadonlyMap<string, number>,
  fetchDay: (day: string) => Promise<{ records: readonly R[]; report: RangeReport }>,
  idOf: { item: (i: I) => number; record: (r: R) => number },
): Promise<R[] | null> {
  const days = [...new Set(items.map((i) => i.day))];
  const opened = await Promise.all(days.map(fetchDay));
  const byDay = new Map<string, Map<number, R>>();
  for (const [i, day] of days.entries()) {
    const { records, report } = opened[i]!;
    if (report.unfetchedDays.length > 0 || report.fetchedAt.some(([d, at]) => stamps.get(d) !== at)) return null;
    const ids = new Map<number, R>();
    for (const r of records) if (!ids.has(idOf.record(r))) ids.set(idOf.record(r), r);
    byDay.set(day, ids);
  }
  const page: R[] = [];
  for (const item of items) {
    const r = byDay.get(item.day)?.get(idOf.item(item));
    if (r === undefined) return null;
    page.push(r);
  }
  return page;
}
