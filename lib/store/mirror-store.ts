// Where the accounts' mirrors live: per account identity, resource and UTC day, one sealed
// payload (lib/mirror encrypts it; a store never sees a record) with what is needed to judge
// it without opening it. The embedded back-end is SQLite (sqlite-mirror-store.ts); the
// interface is written for a shared one (PostgreSQL rows): every call is async, and reads take
// a batch of days. One sync per account is the account's lock's (lib/store/locks), not the store's.

export interface MirrorDayMeta {
  resource: string;
  day: string;
  /** False when the day alone held more records than the upstream's limit. */
  complete: boolean;
  /** When the upstream answered for this day (epoch ms); 0 once "refresh now" expired it. */
  fetchedAt: number;
  /** Records in the payload (valid and invalid). */
  count: number;
}

/** A summary of the day's records (lib/mirror seals it like the records), under its format's name. */
export interface MirrorDigest {
  name: string;
  sealed: Buffer;
}

export interface MirrorDay extends MirrorDayMeta {
  sealed: Buffer;
  digest?: MirrorDigest | null;
  /**
   * The day's notes: how many of its records were invalid or came in an odd shape (what a fetch
   * report tells beside the figures). A count, kept in clear beside `count`, so that a report
   * needing only to know the day is held (not its records, not its digest) opens nothing when it
   * is 0. Absent when the writer did not say: read back as unknown.
   */
  notes?: number;
}

/** A day's meta with its notes, when they are known for the fetch the day holds (else null). */
export type MirrorDayMarks = MirrorDayMeta & { notes: number | null };

export interface MirrorSyncState {
  /** Days back the sync fills (from today, UTC). */
  days: number;
  startedAt: number;
  /** When the last full pass ended; null while the first one runs. */
  passEndedAt: number | null;
  /** A sentence for the shell when the last pass failed (never a credential). */
  lastError: string | null;
  /** Resources the upstream does not have or the key may not read (404/403): not synced. */
  unavailable: string[];
  /**
   * When the last pass ended, well or not (the server's real time, as the instances share it):
   * the next starts a pause later. Missing in states written before the sync ran as jobs.
   */
  attemptEndedAt?: number;
}

export interface MirrorStore {
  /** The requested days the mirror holds, at any age. */
  readDays(account: string, resource: string, days: readonly string[]): Promise<MirrorDay[]>;
  /** The same without payloads. */
  readMeta(account: string, resource: string, days: readonly string[]): Promise<MirrorDayMeta[]>;
  /** The same with each day's digest instead of its records (null when the day has none). */
  readDigests(account: string, resource: string, days: readonly string[]): Promise<Array<MirrorDayMeta & { digest: MirrorDigest | null }>>;
  /** readMeta with each day's notes: null unless they were written for the fetch the day holds now. */
  readMarks(account: string, resource: string, days: readonly string[]): Promise<MirrorDayMarks[]>;
  writeDay(account: string, day: MirrorDay): Promise<void>;
  /** Adds the notes of days written without them (counted when their digest was opened), to each day still holding the fetch of `fetchedAt`. */
  writeNotes(account: string, resource: string, notes: ReadonlyArray<{ day: string; fetchedAt: number; notes: number }>): Promise<void>;
  /** Adds a digest to a stored day, unless the day was fetched again since `fetchedAt`; answers whether it did. */
  writeDigest(account: string, resource: string, day: string, fetchedAt: number, digest: MirrorDigest): Promise<boolean>;
  /** Metadata of the account's days (of one resource, or all), without payloads. */
  listDays(account: string, resource?: string): Promise<MirrorDayMeta[]>;
  /** Marks the days from `from` to `to` (inclusive) of every resource (or of `resources` only) stale; answers how many. */
  expire(account: string, from: string, to: string, resources?: readonly string[]): Promise<number>;
  /** Deletes everything held for the account: days and sync state. */
  forget(account: string): Promise<void>;
  readSyncState(account: string): Promise<MirrorSyncState | undefined>;
  writeSyncState(account: string, state: MirrorSyncState): Promise<void>;
  /** Bytes the store occupies, for benchmarks. */
  sizeBytes(): Promise<number>;
  close(): Promise<void>;
}
