import "server-only";

// fetchRange: all records of a resource for any range of days, complete and exact, in as
// few requests as the data allows. Days already fetched recently come from the day cache;
// the rest is fetched newest first, continuing from the oldest record of each truncated
// answer (the API's truncation keeps the newest records). One fetch has a total deadline
// (waits for our own rate budget aside): when it passes, retries and new windows stop, and
// the days not fetched are reported as such instead of a late error (a slow upstream would
// otherwise hold a report for minutes).
import { dayOfTimestamp, daysBetween, parseIsoDay, shiftDay, type IsoDay } from "@/lib/calendar";
import { dayKey, ttlForDay, type CacheTtl, type CachedDay, type DayCacheStore, type DayDigester } from "./day-cache";
import type { RangeOptions, RangeReport, RangeResult } from "./range-types";
import { Deadline } from "./deadline";
import { errorKind, SalesApiRangeError } from "./errors";
import { fetchWindow, MAX_LIMIT, type InvalidRecord } from "./list-window";
import { firstField, RESOURCES, type RecordOf, type ResourceName } from "./resources";
import { newTally, type RequestContext, type Tally } from "./send";
import { lockWindow, type WorkLock } from "./window-lock";
import { advance, daysOf, missingSpans, nextWindow, splitForConcurrency, windowEndingAt, type Span } from "./window-plan";

export interface RangeDeps {
  ctx: RequestContext;
  /** Held by one fetch of a window until its days are stored (Redis across instances, else in process); none in some tests. */
  windowLock?: WorkLock;
  cache: DayCacheStore;
  ttl: CacheTtl;
  maxSegments: number;
  /** Total time of one fetch, retries and waits for the rate budget included. */
  deadlineMs: number;
  clock?: () => number;
}

export type { RangeOptions, RangeProgress, RangeReport, RangeResult, WindowReport } from "./range-types";
export type { WorkLock } from "./window-lock";

/** A background sync keeps only counts: the records are in the store. */
function dropRecords(bucket: Bucket): Bucket {
  return { ...bucket, records: [], dropped: bucket.records.length + (bucket.dropped ?? 0) };
}

interface Bucket { records: unknown[]; invalid: InvalidRecord[]; complete: boolean; oddShapes?: number; fetchedAt?: number; dropped?: number; digest?: unknown }

function dayOfRecord(record: Record<string, unknown>, columns: readonly string[]): IsoDay | undefined {
  const value = firstField(record, columns);
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) return undefined;
  return dayOfTimestamp(value);
}

/** Failures that mean the upstream is not there (after the retries), not that it refused. */
const OUTAGE_KINDS = new Set(["network", "timeout", "upstream"]);

class RangeRun<R extends ResourceName> {
  readonly buckets = new Map<IsoDay, Bucket>();
  /** With keepHeldOnOutage: the failure that stopped fetching; the days left are unfetched. */
  outage: unknown = null;
  readonly report: RangeReport;
  readonly tally: Tally;
  private windowsDone = 0;
  private windowsTotal = 0;
  /** Aborts every wait and request of this fetch when the deadline passes. */
  readonly deadline: Deadline;
  private readonly signal: AbortSignal;

  constructor(private readonly deps: RangeDeps, readonly resource: R, from: IsoDay, to: IsoDay, private readonly options: RangeOptions) {
    this.report = { resource, from, to, windows: [], requests: 0, retries: 0, tokenExchanges: 0, cacheHits: 0, incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true, fetchedAt: [] };
    this.deadline = options.deadline ?? new Deadline(deps.deadlineMs, deps.clock);
    this.tally = newTally((waitingMs) => {
      this.deadline.pauseFor(waitingMs);
      this.progress(waitingMs);
    });
    this.signal = options.signal ? AbortSignal.any([options.signal, this.deadline.signal]) : this.deadline.signal;
  }

  /** The deadline passed (and the caller did not cancel): stop, keeping what arrived. */
  private outOfTime(): boolean {
    return this.deadline.passed && !this.options.signal?.aborted;
  }

  private key(day: IsoDay): string {
    return dayKey(this.deps.ctx.identity, this.resource, day);
  }

  private now(): number {
    return (this.deps.clock ?? Date.now)();
  }

  private progress(waitingMs = 0): void {
    this.options.onProgress?.({ windowsDone: this.windowsDone, windowsTotal: Math.max(this.windowsTotal, this.windowsDone), waitingMs });
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
    const digest = digester.of(uniqueRecords(this.resource, bucket.records), { fetchedAt: bucket.fetchedAt ?? this.now() });
    return { ...dropRecords(bucket), digest };
  }

  /** The digests of `days` in one read when the store can batch (a round trip per day to PostgreSQL adds up over two years). */
  private async loadDigests(days: readonly IsoDay[], digester: DayDigester): Promise<void> {
    const cache = this.deps.cache;
    const got = cache.getDigests
      ? await cache.getDigests(days.map((day) => this.key(day)), digester)
      : await Promise.all(days.map((day) => cache.getDigest?.(this.key(day), digester)));
    got.forEach((digested, i) => {
      if (!digested) return;
      this.buckets.set(days[i] as IsoDay, { records: [], invalid: (digested.invalid ?? []) as InvalidRecord[], complete: digested.complete, oddShapes: digested.oddShapes ?? 0, fetchedAt: digested.fetchedAt, dropped: digested.count, digest: digested.digest });
      this.report.cacheHits++;
    });
  }

  async loadCached(days: readonly IsoDay[]): Promise<void> {
    const digester = this.options.digest?.digester;
    const digested = digester && (this.deps.cache.getDigests || this.deps.cache.getDigest) ? days.filter((day) => this.digests(day)) : [];
    if (digester && digested.length > 0) await this.loadDigests(digested, digester);
    const asDigests = new Set(digested);
    for (const day of days) {
      if (asDigests.has(day)) continue;
      const peek = this.options.storeOnly ? this.deps.cache.peek : undefined;
      if (peek) {
        const meta = await peek.call(this.deps.cache, this.key(day));
        if (meta) this.buckets.set(day, { records: [], invalid: [], complete: meta.complete, fetchedAt: meta.fetchedAt, dropped: meta.count });
        if (meta) this.report.cacheHits++;
        continue;
      }
      const cached = (await this.deps.cache.get(this.key(day), { remember: this.options.rememberOpened !== false })) as (CachedDay & { invalid?: InvalidRecord[]; oddShapes?: number }) | undefined;
      if (!cached) continue;
      const bucket = { records: cached.records, invalid: cached.invalid ?? [], complete: cached.complete, oddShapes: cached.oddShapes ?? 0, fetchedAt: cached.fetchedAt ?? this.now() };
      this.buckets.set(day, this.options.storeOnly ? dropRecords(bucket) : this.digested(day, bucket));
      this.report.cacheHits++;
    }
  }

  /** Records per day seen so far in complete days (0 when none). */
  density(): number {
    let days = 0;
    let records = 0;
    for (const bucket of this.buckets.values()) if (bucket.complete) { days++; records += bucket.records.length + bucket.invalid.length + (bucket.dropped ?? 0); }
    return days === 0 ? 0 : records / days;
  }

  private async store(day: IsoDay, bucket: Bucket): Promise<void> {
    const now = this.now();
    const stored = { ...bucket, fetchedAt: now };
    this.buckets.set(day, this.options.storeOnly ? dropRecords(stored) : this.digested(day, stored));
    const entry = { records: bucket.records, complete: bucket.complete, invalid: bucket.invalid, oddShapes: bucket.oddShapes ?? 0, fetchedAt: now };
    await this.deps.cache.set(this.key(day), entry, ttlForDay(Date.parse(`${day}T00:00:00Z`), now, this.deps.ttl));
  }

  /** Fetches one span completely, newest window first, continuing from each truncated answer. */
  async fetchSpan(span: Span): Promise<void> {
    const spec = RESOURCES[this.resource];
    let end = span.to;
    let density = this.density();
    while (end > span.from) {
      // Days of [span.from, end) that are left without a bucket are reported as unfetched.
      if (this.outOfTime() || this.outage !== null) return;
      await this.options.beforeWindow?.();
      const window = nextWindow(span, end, density, MAX_LIMIT);
      const lock = await lockWindow(this.deps.windowLock, `${this.deps.ctx.identity}:${this.resource}:${window.from}:${window.to}`, this.signal);
      // Another fetch (of this instance or another) fetched this window (joined), or stored its
      // days since this one planned: what the store holds now is read, not asked for again.
      // A lock taken after another fetch of the same window released it is such a case too: its
      // newest day, stored last, tells (one read, not one per day of every window).
      const newest = shiftDay(window.to, -1);
      if (lock && lock !== "joined" && !this.buckets.has(newest)) await this.loadCached([newest]);
      if (lock === "joined" || lock === null || this.buckets.has(newest)) {
        await this.loadCached(daysOf(window.from, newest).filter((day) => !this.buckets.has(day)));
        let held = window.to;
        while (held > window.from && this.buckets.has(shiftDay(held, -1))) held = shiftDay(held, -1);
        if (held < window.to) {
          if (lock && lock !== "joined") await lock.release();
          end = held;
          density = this.density() || density;
          continue;
        }
      }
      // The lock is held until the window's days are stored: an instance waiting on it reads them.
      try {
        let answer: Awaited<ReturnType<typeof fetchWindow<R>>>;
        try {
          answer = await fetchWindow(this.deps.ctx, this.tally, this.resource, window.from, window.to, this.signal);
        } catch (error) {
          if (this.outOfTime()) return;
          if (this.options.keepHeldOnOutage && !this.options.signal?.aborted && OUTAGE_KINDS.has(errorKind(error))) {
            this.outage ??= error;
            return;
          }
          throw error;
        }
        this.windowsDone++;
        this.report.windows.push({ from: window.from, to: window.to, count: answer.raw.length, truncated: answer.truncated, shared: answer.shared });
        const byDay = new Map<IsoDay, Bucket>();
        const bucketOf = (day: IsoDay) => byDay.get(day) ?? byDay.set(day, { records: [], invalid: [], complete: true }).get(day)!;
        const odd = new Set(answer.oddShapes);
        answer.records.forEach((record, index) => {
          const day = dayOfRecord(record as Record<string, unknown>, spec.filterColumns);
          if (!day) return;
          const bucket = bucketOf(day);
          bucket.records.push(record);
          if (odd.has(index)) bucket.oddShapes = (bucket.oddShapes ?? 0) + 1;
        });
        for (const invalid of answer.invalid) {
          const day = dayOfRecord(answer.raw[invalid.index] ?? {}, spec.filterColumns) ?? shiftDay(window.to, -1);
          bucketOf(day).invalid.push(invalid);
        }
        const oldestRaw = answer.raw.at(-1);
        const oldestDay = oldestRaw ? dayOfRecord(oldestRaw, spec.filterColumns) : undefined;
        if (answer.truncated && oldestDay === undefined && daysBetween(window.from, window.to) > 1) {
          // Records without a readable date column: nothing tells where to go on, so halve.
          const middle = shiftDay(window.to, -Math.ceil(daysBetween(window.from, window.to) / 2));
          await this.fetchSpan({ from: middle, to: window.to });
          end = middle;
          continue;
        }
        const step = advance(window, answer.truncated, oldestDay);
        if (step.complete) {
          const days = daysBetween(step.complete.from, step.complete.to);
          let records = 0;
          for (const [day, bucket] of byDay) if (day >= step.complete.from && day < step.complete.to) records += bucket.records.length + bucket.invalid.length;
          if (days > 0 && (answer.truncated || records > 0)) density = records / days;
          for (let day = step.complete.from; day < step.complete.to; day = shiftDay(day, 1)) {
            await this.store(day, byDay.get(day) ?? { records: [], invalid: [], complete: true });
          }
        }
        if (step.incomplete) {
          const partial = byDay.get(step.incomplete) ?? { records: [], invalid: [], complete: false };
          await this.store(step.incomplete, { ...partial, complete: false });
        }
        end = step.nextEnd;
        this.progress();
      } finally {
        if (lock && lock !== "joined") await lock.release();
      }
    }
  }

  async fetchMissing(days: readonly IsoDay[]): Promise<void> {
    const spans = missingSpans(days, (day) => this.buckets.has(day));
    this.windowsTotal = spans.reduce((sum, s) => sum + Math.ceil(daysBetween(s.from, s.to) / 90), 0);
    this.progress();
    for (const span of spans) {
      let rest = span;
      if (this.density() === 0) {
        // Learn the density from the newest window before deciding how to split the rest.
        const first = windowEndingAt(span, span.to);
        await this.fetchSpan(first);
        if (this.outOfTime() || this.outage !== null) continue;
        rest = { from: span.from, to: first.from };
        if (rest.from >= rest.to) continue;
      }
      const density = this.density();
      this.windowsTotal = this.windowsDone + Math.max(Math.ceil(daysBetween(rest.from, rest.to) / 90), Math.ceil((daysBetween(rest.from, rest.to) * density) / (MAX_LIMIT * 0.9)));
      const segments = splitForConcurrency(rest, density, this.deps.maxSegments, MAX_LIMIT);
      await Promise.all(segments.map((segment) => this.fetchSpan(segment)));
    }
    this.windowsTotal = this.windowsDone;
    this.progress();
  }

  result(days: readonly IsoDay[]): RangeResult<R> {
    const spec = RESOURCES[this.resource];
    const seen = new Set<string>();
    const records: RecordOf<R>[] = [];
    const digests = new Map<IsoDay, unknown>();
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
    Object.assign(this.report, { requests: this.tally.requests, retries: this.tally.retries, tokenExchanges: this.tally.tokenExchanges });
    if (this.outage !== null && this.report.unfetchedDays.length > 0) this.report.unreachable = true;
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

/** All records of `resource` whose filter column falls on a day from `from` to `to`, both inclusive. */
export async function fetchRange<R extends ResourceName>(deps: RangeDeps, resource: R, range: { from: IsoDay; to: IsoDay }, options: RangeOptions = {}): Promise<RangeResult<R>> {
  if (!parseIsoDay(range.from) || !parseIsoDay(range.to)) throw new SalesApiRangeError(`Dates must be real days written YYYY-MM-DD (got ${range.from} to ${range.to})`);
  if (range.from > range.to) throw new SalesApiRangeError(`The range starts after it ends (${range.from} to ${range.to})`);
  const run = new RangeRun(deps, resource, range.from, range.to, options);
  const days = daysOf(range.from, range.to);
  try {
    const release = run.deadline.hold();
    try {
      await run.loadCached(days);
    } finally {
      release();
    }
    await run.fetchMissing(days);
    // Nothing held and nothing fetched: the outage is the answer, not an empty range.
    if (run.outage !== null && run.buckets.size === 0) throw run.outage;
    return run.result(days);
  } finally {
    // A report's deadline outlives this fetch: the report's other fetches still count on it.
    if (!options.deadline) run.deadline.dispose();
  }
}

/** What tells two records apart: the resource's id, else the whole record. */
function recordKey(record: unknown, idFields: readonly string[]): string {
  const id = firstField(record as Record<string, unknown>, idFields);
  return id === undefined ? JSON.stringify(record) : String(id);
}
