import "server-only";

// The mirror seen by lib/sales-api as its day store: fetchRange asks it for each day and
// writes back what the upstream answered; only days it does not hold, or holds beyond their
// freshness (freshness-policy.ts), go upstream. One instance serves one account, whose key
// it was given; it answers nothing for another identity.
import { log } from "@/lib/log/server-log";
import { parseDayKey, type CachedDay, type DayCacheStore } from "@/lib/sales-api/day-cache";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { isFresh, maxAgeFor, type FreshnessPolicy } from "./freshness-policy";
import { openDay, sealDay } from "./mirror-cipher";

interface Payload { records: unknown[]; invalid?: unknown[]; oddShapes?: number }

export class MirrorDayCache implements DayCacheStore {
  constructor(
    private readonly store: MirrorStore,
    private readonly account: string,
    private readonly key: Buffer,
    private readonly policy: FreshnessPolicy,
    private readonly clock: () => number = Date.now,
    /** Days opened recently, in memory (bounded): paging a table does not decrypt its range again. */
    private readonly decoded?: DayCacheStore,
  ) {}

  private associated(resource: string, day: string): string {
    return `${this.account}|${resource}|${day}`;
  }

  async get(key: string): Promise<CachedDay | undefined> {
    const { identity, resource, day } = parseDayKey(key);
    if (identity !== this.account) return undefined;
    const [meta] = await this.store.readMeta(this.account, resource, [day]);
    if (!meta || !isFresh(day, meta.fetchedAt, this.clock(), this.policy)) return undefined;
    // The same copy of the day, already opened by an earlier report (a table's next page).
    const opened = `${key}|${meta.fetchedAt}`;
    const hit = await this.decoded?.get(opened);
    if (hit) return hit;
    const [row] = await this.store.readDays(this.account, resource, [day]);
    if (!row || row.fetchedAt !== meta.fetchedAt) return undefined;
    try {
      const payload = openDay(this.key, this.associated(resource, day), row.sealed) as Payload;
      const cached = { ...payload, complete: row.complete, fetchedAt: row.fetchedAt };
      await this.decoded?.set(opened, cached, maxAgeFor(day, this.clock(), this.policy));
      return cached;
    } catch {
      // Sealed under another key (the server secret changed) or damaged: fetch the day again.
      log("warn", { event: "mirror_day_unreadable" });
      return undefined;
    }
  }

  async peek(key: string): Promise<{ complete: boolean; fetchedAt: number; count: number } | undefined> {
    const { identity, resource, day } = parseDayKey(key);
    if (identity !== this.account) return undefined;
    const [row] = await this.store.readMeta(this.account, resource, [day]);
    return row && isFresh(day, row.fetchedAt, this.clock(), this.policy) ? row : undefined;
  }

  async set(key: string, day: CachedDay & { invalid?: unknown[]; oddShapes?: number }): Promise<void> {
    const { identity, resource, day: date } = parseDayKey(key);
    if (identity !== this.account) return;
    const payload: Payload = { records: day.records, invalid: day.invalid ?? [], oddShapes: day.oddShapes ?? 0 };
    await this.store.writeDay(this.account, {
      resource,
      day: date,
      complete: day.complete,
      fetchedAt: day.fetchedAt ?? this.clock(),
      count: day.records.length + (day.invalid?.length ?? 0),
      sealed: sealDay(this.key, this.associated(resource, date), payload),
    });
  }
}
