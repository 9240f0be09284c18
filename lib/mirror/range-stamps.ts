// What version of a range the day store holds now, without opening a record: each day's
// fetchedAt, oldest day first, or null when a day is missing or no longer fresh (a fetch of the
// range would go upstream for it). the range reader's report.fetchedAt lists the same pairs for the
// days it answered with, so a table's sorted index built from a fetch is still valid exactly
// while these stamps are the same (lib/reports/table-snapshot.ts).
import { daysOf } from "@/lib/calendar";
import type { IsoDay } from "@/lib/calendar";
import type { ResourceName } from "@/lib/sales-api";
import { dayKey, type DayStore } from "./day-store";

export type DayStamps = Array<[IsoDay, number]>;

export async function rangeStamps(cache: DayStore, identity: string, resource: ResourceName, range: { from: IsoDay; to: IsoDay }): Promise<DayStamps | null> {
  if (range.from > range.to) return null;
  const days = daysOf(range.from, range.to);
  const keys = days.map((day) => dayKey(identity, resource, day));
  const metas = cache.peekMany ? await cache.peekMany(keys) : cache.peek ? await Promise.all(keys.map((key) => cache.peek!(key))) : null;
  if (!metas) return null;
  const stamps: DayStamps = [];
  for (const [i, meta] of metas.entries()) {
    if (!meta) return null;
    stamps.push([days[i] as IsoDay, meta.fetchedAt]);
  }
  return stamps;
}
