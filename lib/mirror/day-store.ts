// What the mirror keeps per credential, resource and UTC day, and the store interface its range
// reader (range-reader.ts) reads fresh days from and writes fetched days to: the account's
// persistent mirror (mirror-day-cache.ts), or the process's memory when no server secret is set
// (memory-day-store.ts). A store answers undefined for a day it does not hold or no longer
// holds fresh (freshness-policy.ts: the one policy).

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

/** Keys are `dayKey(identity, resource, day)`. */
export interface DayStore {
  /** `remember: false`: a one-pass read; a store that keeps opened days in memory does not keep this one. */
  get(key: string, options?: { remember?: boolean }): Promise<CachedDay | undefined>;
  /** `get` for many days of one identity and resource, in the keys' order, in a few reads of the store. */
  getMany?(keys: readonly string[], options?: { remember?: boolean }): Promise<Array<CachedDay | undefined>>;
  /** What `get` would answer, without the records: a background sync skips fresh days with it. */
  peek?(key: string): Promise<{ complete: boolean; fetchedAt: number; count: number } | undefined>;
  /**
   * `peek` for many days of one identity and resource in one read of the store, in the keys'
   * order: what a table checks its sorted index against (range-stamps.ts).
   */
  peekMany?(keys: readonly string[]): Promise<Array<{ complete: boolean; fetchedAt: number; count: number } | undefined>>;
  /** The day's digest (made from its records when the store holds none of that name); undefined as `get` would be. */
  getDigest?(key: string, digester: DayDigester): Promise<DigestedDay | undefined>;
  /** The same for many days of one identity and resource, in one read of the store; answers in the keys' order. */
  getDigests?(keys: readonly string[], digester: DayDigester): Promise<Array<DigestedDay | undefined>>;
  /**
   * `getDigests` for a report that needs no digest (RangeOptions' `marks`): each day's `digest`
   * is null, and the digester's digest is opened only for a day whose notes (invalid and
   * odd-shaped records) are not known to be none.
   */
  getMarks?(keys: readonly string[], digester: DayDigester): Promise<Array<DigestedDay | undefined>>;
  set(key: string, day: CachedDay): Promise<void>;
  /** A part the store sealed beside a day's fact rows (the purchases CSV's customer cells), opened with the day's key; undefined when it cannot be. */
  openFactPart?(key: string, fetchedAt: number, sealed: Uint8Array): unknown;
}

/** The key of one credential's resource and UTC day. Identities are base64url: no "|". */
export function dayKey(identity: string, resource: string, day: string): string {
  return `${identity}|${resource}|${day}`;
}

export function parseDayKey(key: string): { identity: string; resource: string; day: string } {
  const [identity = "", resource = "", day = ""] = key.split("|");
  return { identity, resource, day };
}
