// Records of one credential, resource and UTC day, kept after a complete fetch so that a
// later report asks the upstream only for the days it has not seen recently.
import { LRUCache } from "lru-cache";

export interface CachedDay<T = unknown> {
  records: T[];
  /** False when the day alone held more than the API's limit: only its newest records are here. */
  complete: boolean;
  /** When the upstream answered for this day (epoch ms); the report says how fresh its data is. */
  fetchedAt?: number;
}

/**
 * A summary of one day's records that a report can use instead of the records (lib/analytics'
 * purchase summary). `name` names its format: a store keeps a digest with the name it was made
 * under and answers it only to a digester of the same name.
 */
export interface DayDigester<T = unknown, D = unknown> {
  name: string;
  of(records: readonly T[], context: { fetchedAt: number }): D;
}

/** A day as its digest, with what a report needs to judge it (its records stay in the store). */
export interface DigestedDay {
  digest: unknown;
  complete: boolean;
  fetchedAt: number;
  /** Records in the day, valid and invalid. */
  count: number;
  invalid?: unknown[];
  oddShapes?: number;
}

/**
 * The store behind the cache: in memory (this file), or the account's persistent mirror
 * (lib/mirror). Keys are `dayKey(identity, resource, day)`; a store answers undefined for a
 * day it does not hold or no longer considers fresh.
 */
export interface DayCacheStore {
  /** `remember: false`: a one-pass read; a store that keeps opened days in memory does not keep this one. */
  get(key: string, options?: { remember?: boolean }): Promise<CachedDay | undefined>;
  /** What `get` would answer, without the records: a background sync skips fresh days with it. */
  peek?(key: string): Promise<{ complete: boolean; fetchedAt: number; count: number } | undefined>;
  /**
   * `peek` for many days of one identity and resource in one read of the store, in the keys'
   * order: what a table checks its sorted index against (lib/sales-api/range-stamps.ts).
   */
  peekMany?(keys: readonly string[]): Promise<Array<{ complete: boolean; fetchedAt: number; count: number } | undefined>>;
  /** The day's digest (made from its records when the store holds none of that name); undefined as `get` would be. */
  getDigest?(key: string, digester: DayDigester): Promise<DigestedDay | undefined>;
  /** The same for many days of one identity and resource, in one read of the store; answers in the keys' order. */
  getDigests?(keys: readonly string[], digester: DayDigester): Promise<Array<DigestedDay | undefined>>;
  set(key: string, day: CachedDay, ttlMs: number): Promise<void>;
  /** A part the store sealed beside a day's fact rows (the purchases CSV's customer cells), opened with the day's key; undefined when it cannot be. */
  openFactPart?(key: string, fetchedAt: number, sealed: Uint8Array): unknown;
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

  async peekMany(keys: readonly string[]): Promise<Array<{ complete: boolean; fetchedAt: number; count: number } | undefined>> {
    return keys.map((key) => {
      const day = this.lru.get(key);
      return day && day.fetchedAt !== undefined ? { complete: day.complete, fetchedAt: day.fetchedAt, count: day.records.length } : undefined;
    });
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

/** The key of one credential's resource and UTC day. Identities are base64url: no "|". */
export function dayKey(identity: string, resource: string, day: string): string {
  return `${identity}|${resource}|${day}`;
}

export function parseDayKey(key: string): { identity: string; resource: string; day: string } {
  const [identity = "", resource = "", day = ""] = key.split("|");
  return { identity, resource, day };
}
