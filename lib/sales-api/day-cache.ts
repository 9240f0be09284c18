// Records of one credential, resource and UTC day, kept after a complete fetch so that a
// later report asks the upstream only for the days it has not seen recently.
import { LRUCache } from "lru-cache";

export interface CachedDay<T = unknown> {
  records: T[];
  /** False when the day alone held more than the API's limit: only its newest records are here. */
  complete: boolean;
}

/** The store behind the cache: in memory now, Redis later. */
export interface DayCacheStore {
  get(key: string): Promise<CachedDay | undefined>;
  set(key: string, day: CachedDay, ttlMs: number): Promise<void>;
}

export class MemoryDayCacheStore implements DayCacheStore {
  private readonly lru: LRUCache<string, CachedDay>;

  /** `maxRecords` bounds memory: the sum of records over all cached days. */
  constructor(maxRecords = 500_000) {
    this.lru = new LRUCache<string, CachedDay>({ maxSize: maxRecords, sizeCalculation: (day) => day.records.length + 1, ttlAutopurge: false });
  }

  async get(key: string): Promise<CachedDay | undefined> {
    return this.lru.get(key);
  }

  async set(key: string, day: CachedDay, ttlMs: number): Promise<void> {
    this.lru.set(key, day, { ttl: ttlMs });
  }
}

export interface CacheTtl {
  /** For days that can still change a lot: the last `recentDays` days before today, and today. */
  recentMs: number;
  recentDays: number;
  /** For closed days. Refunds and chargebacks still touch them, so not forever. */
  closedMs: number;
}

// Recovered carts become purchases up to three days after their checkout started, so a
// day counts as closed only after that.
export const DEFAULT_CACHE_TTL: CacheTtl = { recentMs: 60_000, recentDays: 3, closedMs: 6 * 3_600_000 };

export function ttlForDay(dayStartMs: number, now: number, ttl: CacheTtl): number {
  const todayStart = Math.floor(now / 86_400_000) * 86_400_000;
  return dayStartMs >= todayStart - ttl.recentDays * 86_400_000 ? ttl.recentMs : ttl.closedMs;
}
