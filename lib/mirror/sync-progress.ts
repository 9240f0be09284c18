// "Synced 412 of 730 days": a day counts once every resource the sync fills holds it, at any
// freshness (a stale day is still synced; the next pass or report refreshes it).
import type { MirrorDayMeta } from "@/lib/store/mirror-store";

export interface SyncProgress { synced: number; total: number }

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days of the `days` up to `today` (UTC, inclusive) that every one of `resources` holds. */
export function syncProgress(held: readonly MirrorDayMeta[], resources: readonly string[], today: string, days: number): SyncProgress {
  const first = shift(today, -(days - 1));
  const counts = new Map<string, number>();
  const wanted = new Set(resources);
  for (const meta of held) {
    if (!wanted.has(meta.resource) || meta.day < first || meta.day > today) continue;
    counts.set(meta.day, (counts.get(meta.day) ?? 0) + 1);
  }
  let synced = 0;
  for (const count of counts.values()) if (count >= wanted.size) synced++;
  return { synced, total: days };
}
