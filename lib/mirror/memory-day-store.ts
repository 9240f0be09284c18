// Days in memory, bounded by their records: the mirror's store when no server secret is set
// (nobody can sign in, no key can seal a day), and the days the persistent mirror opened
// recently. A day stays as long as the freshness policy keeps it fresh, unless told otherwise.
import { LRUCache } from "lru-cache";
import type { CachedDay, DayStore } from "./day-store";
import { parseDayKey } from "./day-store";
import { DEFAULT_FRESHNESS, maxAgeFor, type FreshnessPolicy } from "./freshness-policy";

export class MemoryDayStore implements DayStore {
  private readonly lru: LRUCache<string, CachedDay>;

  /** `maxRecords` bounds memory: the sum of records over all days kept. */
  constructor(maxRecords = 500_000, private readonly policy: FreshnessPolicy = DEFAULT_FRESHNESS, private readonly clock: () => number = Date.now) {
    this.lru = new LRUCache<string, CachedDay>({ maxSize: maxRecords, sizeCalculation: (day) => day.records.length + 1, ttlAutopurge: false });
  }

  async get(key: string): Promise<CachedDay | undefined> {
    return this.lru.get(key);
  }

  /** Kept `ttlMs`, else while the policy holds the key's day fresh from now. */
  async set(key: string, day: CachedDay, ttlMs?: number): Promise<void> {
    this.lru.set(key, day, { ttl: ttlMs ?? maxAgeFor(parseDayKey(key).day, this.clock(), this.policy) });
  }

  async peekMany(keys: readonly string[]): Promise<Array<{ complete: boolean; fetchedAt: number; count: number } | undefined>> {
    return keys.map((key) => {
      const day = this.lru.get(key);
      return day && day.fetchedAt !== undefined ? { complete: day.complete, fetchedAt: day.fetchedAt, count: day.records.length } : undefined;
    });
  }
}
