import "server-only";

// What reports call (as client.fetchRange): all records of a resource for any range of days,
// complete and exact. Days the mirror's store holds fresh (freshness-policy.ts judges, in the
// store) are read from it, as records or as the digest a report asks for; the rest are fetched
// through lib/sales-api, which hands each finished day back to be stored (sealed, with its
// digest and fact rows: mirror-day-cache.ts) and answered. A background sync reads the same
// way with `storeOnly`: it keeps only counts, the records being in the store.
import { daysOf, parseIsoDay, type IsoDay } from "@/lib/calendar";
import {
  firstField, RESOURCES, SalesApiRangeError,
  type CatalogAnswer, type CatalogName, type DaysOutcome, type Deadline, type FetchedDay, type HeldDay, type InvalidRecord, type KeyType, type RecordOf, type ResourceName, type SalesApiClient,
} from "@/lib/sales-api";
import { dayKey, type CachedDay, type DayDigester, type DayStore } from "./day-store";
import { rangeStamps, type DayStamps } from "./range-stamps";
import type { RangeOptions, RangeReport, RangeResult } from "./range-types";

/** What reports, tables, files and the background sync read the account's data through. */
export interface MirroredClient {
  /** A keyed hash of the API key and base URL (the same for Flow A and Flow B): safe to log and to use as a key. */
  readonly identity: string;
  fetchRange<R extends ResourceName>(resource: R, range: { from: IsoDay; to: IsoDay }, options?: RangeOptions): Promise<RangeResult<R>>;
  /** An optional catalog: `available: false` when the upstream has none (404) or the key may not read it. */
  fetchCatalog(name: CatalogName): Promise<CatalogAnswer>;
  /** Whether the key is a creator's or an affiliate's (one upstream request). */
  probeKeyType(): Promise<KeyType>;
  /** A deadline for all the fetches of one report, to pass to each as `deadline`. */
  reportDeadline(): Deadline;
  /**
   * Each day's fetchedAt as the day store holds it now, or null when a day would be fetched
   * again; no upstream request. Optional: a client without it (a test's fake) is never trusted
   * to be unchanged, and a table then loads its range on every page.
   */
  rangeStamps?(resource: ResourceName, range: { from: IsoDay; to: IsoDay }): Promise<DayStamps | null>;
  /**
   * A part sealed beside a day's fact rows by the day store (the purchases CSV's customer cells),
   * opened; undefined when the store cannot. Optional: without it (a store that keeps no such
   * part, a test's fake) a file is written from the days' records.
   */
  openFactPart?(resource: ResourceName, day: IsoDay, fetchedAt: number, sealed: Uint8Array): unknown;
}

/** The mirror over `days` (one account's store), fetching what it lacks through `upstream`; `clock` stamps what the store does not. */
export function mirrorOver(upstream: SalesApiClient, days: DayStore, clock: () => number = Date.now): MirroredClient {
  const identity = upstream.identity;
  return {
    identity,
    // The whole read is the report's (its store reads too): forgetting the account waits for it (forget-my-data.ts).
    fetchRange: (resource, range, options) => {
      const read = () => readRange(days, upstream, resource, range, options, clock);
      return upstream.asReport ? upstream.asReport(read) : read();
    },
    fetchCatalog: (name) => upstream.fetchCatalog(name),
    probeKeyType: () => upstream.probeKeyType(),
    reportDeadline: () => upstream.reportDeadline(),
    rangeStamps: (resource, range) => rangeStamps(days, identity, resource, range),
    ...(days.openFactPart && { openFactPart: (resource: ResourceName, day: IsoDay, fetchedAt: number, sealed: Uint8Array) => days.openFactPart?.(dayKey(identity, resource, day), fetchedAt, sealed) }),
  };
}

/** A background sync keeps only counts: the records are in the store. */
function dropRecords(bucket: Bucket): Bucket {
  return { ...bucket, records: [], dropped: bucket.records.length + (bucket.dropped ?? 0) };
}

interface Bucket { records: unknown[]; invalid: InvalidRecord[]; complete: boolean; oddShapes?: number; fetchedAt?: number; dropped?: number; digest?: unknown }

class RangeRead<R extends ResourceName> {
  readonly buckets = new Map<IsoDay, Bucket>();
  readonly report: RangeReport;

  constructor(private readonly store: DayStore, private readonly identity: string, readonly resource: R, from: IsoDay, to: IsoDay, private readonly options: RangeOptions, private readonly clock: () => number) {
    this.report = { resource, from, to, windows: [], requests: 0, retries: 0, tokenExchanges: 0, cacheHits: 0, incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true, fetchedAt: [] };
  }

  private key(day: IsoDay): string {
    return dayKey(this.identity, this.resource, day);
  }

  private now(): number {
    return this.clock();
  }

  /** Whether the day is answered as a digest. */
  private digests(day: IsoDay): DayDigester | undefined {
    const digest = this.options.digest;
    return digest && !digest.recordDays?.has(day) ? digest.digester : undefined;
  }

  /** The bucket as its digest, its records let go. */
  private digested(day: IsoDay, bucket: Bucket): Bucket {
    const digester = this.digests(day);
    if (!digester || bucket.digest !== undefined) return bucket;
    const records = uniqueRecords(this.resource, bucket.records);
    const digest = this.options.digest?.marks ? records.length : digester.of(records, { fetchedAt: bucket.fetchedAt ?? this.now() });
    return { ...dropRecords(bucket), digest };
  }

  /** The digests of `days` in one read when the store can batch (a round trip per day to PostgreSQL adds up over two years). */
  private async loadDigests(days: readonly IsoDay[], digester: DayDigester): Promise<void> {
    const store = this.store;
    const keys = days.map((day) => this.key(day));
    const marks = this.options.digest?.marks === true;
    const got = marks && store.getMarks
      ? await store.getMarks(keys, digester)
      : store.getDigests
        ? await store.getDigests(keys, digester)
        : await Promise.all(keys.map((key) => store.getDigest?.(key, digester)));
    got.forEach((digested, i) => {
      if (!digested) return;
      const digest = marks ? digested.count - (digested.invalid?.length ?? 0) : digested.digest;
      this.buckets.set(days[i] as IsoDay, { records: [], invalid: (digested.invalid ?? []) as InvalidRecord[], complete: digested.complete, oddShapes: digested.oddShapes ?? 0, fetchedAt: digested.fetchedAt, dropped: digested.count, digest });
      this.report.cacheHits++;
    });
  }

  /** Reads the days the store holds fresh. */
  async load(days: readonly IsoDay[]): Promise<void> {
    const digester = this.options.digest?.digester;
    const digested = digester && (this.store.getDigests || this.store.getDigest) ? days.filter((day) => this.digests(day)) : [];
    if (digester && digested.length > 0) await this.loadDigests(digested, digester);
    const asDigests = new Set(digested);
    const rest = days.filter((day) => !asDigests.has(day));
    const peek = this.options.storeOnly ? this.store.peek : undefined;
    if (peek) {
      for (const day of rest) {
        const meta = await peek.call(this.store, this.key(day));
        if (meta) this.buckets.set(day, { records: [], invalid: [], complete: meta.complete, fetchedAt: meta.fetchedAt, dropped: meta.count });
        if (meta) this.report.cacheHits++;
      }
      return;
    }
    const remember = { remember: this.options.rememberOpened !== false };
    // Many days in a few reads where the store can (getMany), else a day at a time.
    const many = this.store.getMany;
    const got = many ? await many.call(this.store, rest.map((day) => this.key(day)), remember) : [];
    for (const [i, day] of rest.entries()) {
      const cached = (many ? got[i] : await this.store.get(this.key(day), remember)) as (CachedDay & { invalid?: InvalidRecord[]; oddShapes?: number }) | undefined;
      if (!cached) continue;
      const bucket = { records: cached.records, invalid: cached.invalid ?? [], complete: cached.complete, oddShapes: cached.oddShapes ?? 0, fetchedAt: cached.fetchedAt ?? this.now() };
      this.buckets.set(day, this.options.storeOnly ? dropRecords(bucket) : this.digested(day, bucket));
      this.report.cacheHits++;
    }
  }

  /** The days of `days` answered so far, as lib/sales-api plans its windows from them. */
  held(days: readonly IsoDay[]): Map<IsoDay, HeldDay> {
    const held = new Map<IsoDay, HeldDay>();
    for (const day of days) {
      const bucket = this.buckets.get(day);
      if (bucket) held.set(day, { complete: bucket.complete, count: bucket.records.length + bucket.invalid.length + (bucket.dropped ?? 0) });
    }
    return held;
  }

  /** A day the upstream answered: stored, and answered. */
  async keep(day: IsoDay, fetched: FetchedDay): Promise<void> {
    const bucket: Bucket = { records: fetched.records, invalid: fetched.invalid, complete: fetched.complete, oddShapes: fetched.oddShapes, fetchedAt: fetched.fetchedAt };
    this.buckets.set(day, this.options.storeOnly ? dropRecords(bucket) : this.digested(day, bucket));
    await this.store.set(this.key(day), { records: fetched.records, complete: fetched.complete, invalid: fetched.invalid, oddShapes: fetched.oddShapes, fetchedAt: fetched.fetchedAt } as CachedDay);
  }

  result(days: readonly IsoDay[], fetched: DaysOutcome): RangeResult<R> {
    const spec = RESOURCES[this.resource];
    const seen = new Set<string>();
    const records: RecordOf<R>[] = [];
    const digests = new Map<IsoDay, unknown>();
    this.report.windows.push(...fetched.windows);
    for (let i = days.length - 1; i >= 0; i--) {
      const bucket = this.buckets.get(days[i] as IsoDay);
      if (!bucket) {
        this.report.unfetchedDays.unshift(days[i] as IsoDay);
        continue;
      }
      if (!bucket.complete) this.report.incompleteDays.push(days[i] as IsoDay);
      this.report.fetchedAt.unshift([days[i] as IsoDay, bucket.fetchedAt ?? this.now()]);
      this.report.invalidRecords.push(...bucket.invalid);
      this.report.oddShapeRecords += bucket.oddShapes ?? 0;
      if (bucket.digest !== undefined) {
        digests.set(days[i] as IsoDay, bucket.digest);
        continue;
      }
      for (const record of bucket.records) {
        const key = recordKey(record, spec.idFields);
        if (seen.has(key)) continue;
        seen.add(key);
        records.push(record as RecordOf<R>);
      }
    }
    Object.assign(this.report, { requests: fetched.requests, retries: fetched.retries, tokenExchanges: fetched.tokenExchanges });
    if (fetched.outage !== null && this.report.unfetchedDays.length > 0) this.report.unreachable = true;
    this.report.complete = this.report.incompleteDays.length === 0 && this.report.invalidRecords.length === 0 && this.report.unfetchedDays.length === 0;
    return { records, digests, report: this.report };
  }
}

/** A day's records without repeats (by the resource's id), as `result` keeps them. */
function uniqueRecords(resource: ResourceName, records: readonly unknown[]): unknown[] {
  const ids = RESOURCES[resource].idFields;
  const seen = new Set<string>();
  return records.filter((record) => {
    const key = recordKey(record, ids);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** All records of `resource` whose filter column falls on a day from `from` to `to`, both inclusive: the store's fresh days, the upstream's for the rest. */
export async function readRange<R extends ResourceName>(store: DayStore, upstream: SalesApiClient, resource: R, range: { from: IsoDay; to: IsoDay }, options: RangeOptions = {}, clock: () => number = Date.now): Promise<RangeResult<R>> {
  if (!parseIsoDay(range.from) || !parseIsoDay(range.to)) throw new SalesApiRangeError(`Dates must be real days written YYYY-MM-DD (got ${range.from} to ${range.to})`);
  if (range.from > range.to) throw new SalesApiRangeError(`The range starts after it ends (${range.from} to ${range.to})`);
  const read = new RangeRead(store, upstream.identity, resource, range.from, range.to, options, clock);
  const days = daysOf(range.from, range.to);
  // Reading the store is local work: a report's deadline bounds the upstream (a fetch's own starts after).
  const release = options.deadline?.hold();
  try {
    await read.load(days);
  } finally {
    release?.();
  }
  const fetched = await upstream.fetchDays(resource, range, {
    signal: options.signal,
    onProgress: options.onProgress,
    deadline: options.deadline,
    keepHeldOnOutage: options.keepHeldOnOutage,
    held: read.held(days),
    onDay: (day, answer) => read.keep(day, answer),
    heldNow: async (asked) => {
      await read.load(asked);
      return read.held(asked);
    },
  });
  // Nothing held and nothing fetched: the outage is the answer, not an empty range.
  if (fetched.outage !== null && read.buckets.size === 0) throw fetched.outage;
  return read.result(days, fetched);
}

/** What tells two records apart: the resource's id, else the whole record. */
function recordKey(record: unknown, idFields: readonly string[]): string {
  const id = firstField(record as Record<string, unknown>, idFields);
  return id === undefined ? JSON.stringify(record) : String(id);
}
