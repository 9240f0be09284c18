import "server-only";

// fetchDays: the records of a resource for the days a caller does not hold, complete and exact,
// in as few requests as the data allows: newest first, continuing from the oldest record of each
// truncated answer (the API's truncation keeps the newest records). Each finished day is handed
// to the caller (`onDay`), which keeps it where it likes: lib/sales-api keeps no day. One fetch
// has a total deadline (waits for our own rate budget aside): when it passes, retries and new
// windows stop, and the days not fetched are left to the caller to report as such instead of a
// late error (a slow upstream would otherwise hold a report for minutes).
import { dayOfTimestamp, daysBetween, daysOf, shiftDay, type IsoDay } from "@/lib/calendar";
import { Deadline } from "./deadline";
import { errorKind } from "./errors";
import { fetchWindow, MAX_LIMIT, type InvalidRecord } from "./list-window";
import { firstField, RESOURCES, type ResourceName } from "./resources";
import { newTally, type RequestContext, type Tally } from "./send";
import { lockWindow, type WorkLock } from "./window-lock";
import { advance, missingSpans, nextWindow, splitForConcurrency, windowEndingAt, type Span } from "./window-plan";

export interface FetchDeps {
  ctx: RequestContext;
  /** Held by one fetch of a window until its days are handed over (Redis across instances, else in process); none in some tests. */
  windowLock?: WorkLock;
  maxSegments: number;
  /** Total time of one fetch, retries and waits for the rate budget included. */
  deadlineMs: number;
  clock?: () => number;
}

export type { WorkLock } from "./window-lock";

export interface RangeProgress { windowsDone: number; windowsTotal: number; waitingMs: number }

export interface WindowReport { from: IsoDay; to: IsoDay; count: number; truncated: boolean; shared: boolean }

/** One day as the upstream answered it. */
export interface FetchedDay {
  /** The records that passed the schema, as the upstream sent them (a record sent twice by overlapping windows may repeat). */
  records: unknown[];
  invalid: InvalidRecord[];
  /** False when the day alone held more than the API's limit: only its newest records are here. */
  complete: boolean;
  oddShapes: number;
  /** When the upstream answered for it (epoch ms, by the client's clock). */
  fetchedAt: number;
}

/** A day the caller holds: whether it is complete, and its records (valid and invalid), from which windows are planned. */
export interface HeldDay { complete: boolean; count: number }

export interface DaysOptions {
  signal?: AbortSignal;
  onProgress?: (progress: RangeProgress) => void;
  /** A deadline shared by every fetch of one report (client.reportDeadline()); else one per fetch. */
  deadline?: Deadline;
  /** Awaited before each upstream window: a background sync waits here while reports run. */
  beforeWindow?: () => Promise<void>;
  /**
   * When the upstream cannot be reached (no answer, or 5xx after the retries): stop and answer
   * the failure as `outage`, the days left unfetched, instead of throwing it.
   */
  keepHeldOnOutage?: boolean;
  /** The days of the range the caller holds already: not fetched. */
  held?: ReadonlyMap<IsoDay, HeldDay>;
  /** Each finished day, awaited while its window's lock is held: a fetch waiting on the lock then finds it with `heldNow`. */
  onDay: (day: IsoDay, fetched: FetchedDay) => Promise<void>;
  /**
   * After this fetch waited on another fetch of the same window (of this instance or another):
   * which of `days` the caller holds now. Without it, the window is fetched again.
   */
  heldNow?: (days: readonly IsoDay[]) => Promise<ReadonlyMap<IsoDay, HeldDay>>;
}

export interface DaysOutcome {
  windows: WindowReport[];
  requests: number;
  retries: number;
  tokenExchanges: number;
  /** With keepHeldOnOutage: the failure that stopped fetching; the days left are unfetched. */
  outage: unknown;
}

interface Bucket { records: unknown[]; invalid: InvalidRecord[]; complete: boolean; oddShapes?: number }

function dayOfRecord(record: Record<string, unknown>, columns: readonly string[]): IsoDay | undefined {
  const value = firstField(record, columns);
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) return undefined;
  return dayOfTimestamp(value);
}

/** Failures that mean the upstream is not there (after the retries), not that it refused. */
const OUTAGE_KINDS = new Set(["network", "timeout", "upstream"]);

class DaysRun<R extends ResourceName> {
  /** The days held or handed over so far: the density of records the windows are planned from. */
  readonly known: Map<IsoDay, HeldDay>;
  outage: unknown = null;
  readonly windows: WindowReport[] = [];
  readonly tally: Tally;
  private windowsDone = 0;
  private windowsTotal = 0;
  /** Aborts every wait and request of this fetch when the deadline passes. */
  readonly deadline: Deadline;
  private readonly signal: AbortSignal;

  constructor(private readonly deps: FetchDeps, readonly resource: R, private readonly options: DaysOptions) {
    this.known = new Map(options.held ?? []);
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

  private now(): number {
    return (this.deps.clock ?? Date.now)();
  }

  private progress(waitingMs = 0): void {
    this.options.onProgress?.({ windowsDone: this.windowsDone, windowsTotal: Math.max(this.windowsTotal, this.windowsDone), waitingMs });
  }

  /** Records per day seen so far in complete days (0 when none). */
  density(): number {
    let days = 0;
    let records = 0;
    for (const day of this.known.values()) if (day.complete) { days++; records += day.count; }
    return days === 0 ? 0 : records / days;
  }

  private async heldNow(days: readonly IsoDay[]): Promise<void> {
    if (!this.options.heldNow || days.length === 0) return;
    for (const [day, held] of await this.options.heldNow(days)) this.known.set(day, held);
  }

  private async handOver(day: IsoDay, bucket: Bucket): Promise<void> {
    await this.options.onDay(day, { records: bucket.records, invalid: bucket.invalid, complete: bucket.complete, oddShapes: bucket.oddShapes ?? 0, fetchedAt: this.now() });
    this.known.set(day, { complete: bucket.complete, count: bucket.records.length + bucket.invalid.length });
  }

  /** Fetches one span completely, newest window first, continuing from each truncated answer. */
  async fetchSpan(span: Span): Promise<void> {
    const spec = RESOURCES[this.resource];
    let end = span.to;
    let density = this.density();
    while (end > span.from) {
      // Days of [span.from, end) left without being handed over are the caller's unfetched days.
      if (this.outOfTime() || this.outage !== null) return;
      await this.options.beforeWindow?.();
      const window = nextWindow(span, end, density, MAX_LIMIT);
      const lock = await lockWindow(this.deps.windowLock, `${this.deps.ctx.identity}:${this.resource}:${window.from}:${window.to}`, this.signal);
      // Another fetch (of this instance or another) fetched this window (joined), or the caller
      // got its days since this one planned: what the caller holds now is not asked for again.
      // A lock taken after another fetch of the same window released it is such a case too: its
      // newest day, handed over last, tells (one question, not one per day of every window).
      const newest = shiftDay(window.to, -1);
      if (lock && lock !== "joined" && !this.known.has(newest)) await this.heldNow([newest]);
      if (lock === "joined" || lock === null || this.known.has(newest)) {
        await this.heldNow(daysOf(window.from, newest).filter((day) => !this.known.has(day)));
        let held = window.to;
        while (held > window.from && this.known.has(shiftDay(held, -1))) held = shiftDay(held, -1);
        if (held < window.to) {
          if (lock && lock !== "joined") await lock.release();
          end = held;
          density = this.density() || density;
          continue;
        }
      }
      // The lock is held until the window's days are handed over: an instance waiting on it finds them.
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
        this.windows.push({ from: window.from, to: window.to, count: answer.raw.length, truncated: answer.truncated, shared: answer.shared });
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
            await this.handOver(day, byDay.get(day) ?? { records: [], invalid: [], complete: true });
          }
        }
        if (step.incomplete) {
          const partial = byDay.get(step.incomplete) ?? { records: [], invalid: [], complete: false };
          await this.handOver(step.incomplete, { ...partial, complete: false });
        }
        end = step.nextEnd;
        this.progress();
      } finally {
        if (lock && lock !== "joined") await lock.release();
      }
    }
  }

  async fetchMissing(days: readonly IsoDay[]): Promise<void> {
    const spans = missingSpans(days, (day) => this.known.has(day));
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
}

/** The days of `from` to `to` (both inclusive) that the caller does not hold, each handed to `onDay` once fetched. */
export async function fetchDays<R extends ResourceName>(deps: FetchDeps, resource: R, range: { from: IsoDay; to: IsoDay }, options: DaysOptions): Promise<DaysOutcome> {
  const run = new DaysRun(deps, resource, options);
  try {
    await run.fetchMissing(daysOf(range.from, range.to));
    return { windows: run.windows, requests: run.tally.requests, retries: run.tally.retries, tokenExchanges: run.tally.tokenExchanges, outage: run.outage };
  } finally {
    // A report's deadline outlives this fetch: the report's other fetches still count on it.
    if (!options.deadline) run.deadline.dispose();
  }
}
