import "server-only";

// The background sync of each signed-in account: registered on sign-in and by the server for
// the sessions the vault holds (lib/auth/session-sync.ts), one per account however many sessions
// it has, and run as jobs of the job queue (lib/store/jobs; issue #27, point 4). A job is one pass
// (sync-pass.ts), or a slice of a long one: the first fills the last SALESDASH_SYNC_DAYS days,
// later ones refresh the days that went stale. Each pass ends by sending the next, a pause later,
// under the account's key, so that a pass sent before a restart runs after it. A pass runs under
// the account's lock (lib/store/locks: PostgreSQL's advisory lock, which an instance that dies
// lets go at once), so one runs per account across the instances; a job that finds it held does
// nothing. Each instance asks for a pass of every account it holds a session of every 15 s (a
// `short` queue keeps one job waiting per account): when the holder dies, another instance takes
// the sync over within that time, not after the job's expiry.
import { getServerEnv } from "@/lib/env";
import { log, logAtMostEvery } from "@/lib/log/server-log";
import { errorKind, type KeyType, type ResourceName, RESOURCES, type SalesApiCredential } from "@/lib/sales-api";
import { isoDay } from "@/lib/calendar";
import { heldLocks, jobQueue } from "@/lib/store/app-stores";
import type { JobQueue, QueueDefinition, QueuedJob } from "@/lib/store/jobs/job-queue";
import type { HeldLock, LockSource } from "@/lib/store/locks/held-lock";
import type { MirrorStore, MirrorSyncState } from "@/lib/store/mirror-store";
import { getProcessState, processShared } from "@/lib/store/process-state";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { createMirroredClient, getMirrorStore, type MirroredClientOptions } from "./mirror-access";
import type { MirroredClient } from "./range-reader";
import { runSyncPass } from "./sync-pass";
import { syncProgress, type SyncProgress } from "./sync-progress";

/** What the views read. The checkouts list feeds no view: syncing it would spend the budget for nothing. */
export const SYNCED_RESOURCES: readonly ResourceName[] = ["purchases", "orders", "abandoned-carts", "refunds", "chargebacks"];

export function resourcesFor(keyType: KeyType): ResourceName[] {
  return SYNCED_RESOURCES.filter((r) => keyType === "creator" || !RESOURCES[r].creatorOnly);
}

export interface AccountSyncInput {
  credential: SalesApiCredential;
  target: "production" | "staging";
  keyType: KeyType;
  /** Whether a session of the account still lasts (its vault entry exists). */
  alive: () => Promise<boolean>;
  /** For tests; the configured ones otherwise. */
  days?: number;
  store?: MirrorStore;
  /** The purchases fact table kept beside `store`; the process's goes with the process's mirror. */
  facts?: PurchaseFactStore;
  clock?: () => number;
  pauseMs?: number;
  /** How long one job of a long pass runs before the rest is sent as the next; 5 min unless given. */
  sliceMs?: number;
  client?: Pick<MirroredClientOptions, "transport" | "retry" | "limits" | "stores"> & { serverSecret?: string };
  /** The queue the passes run on; the server's (lib/store/app-stores.ts) unless given. */
  queue?: JobQueue;
  /** Where the one-pass-per-account lock is held; the server's unless given. */
  locks?: LockSource;
  /** The account's identity when the caller already has its client: a registered sync is then found without building one. */
  account?: string;
  /**
   * Work that follows a pass which ended well, under the account's lock (one instance at a time
   * per account): the alerts due (lib/alerts/due-alerts.ts). Its failure is logged, and the sync
   * goes on.
   */
  afterPass?: (client: MirroredClient, at: number, signal: AbortSignal) => Promise<void>;
  /** Work that follows a pass the upstream ended by refusing the key (401), before the sync stops: the alert that says so. */
  onRefused?: (client: MirroredClient, at: number) => Promise<void>;
}

export const SYNC_QUEUE: QueueDefinition = {
  name: "mirror-sync",
  policy: "short",
  // A pass that fails says so in the sync's state and sends the next itself; one that dies
  // with its instance is sent again by the others. A retry would only add a pass.
  retryLimit: 0,
  retryDelaySeconds: 60,
  // A first pass of a large account at 60 requests a minute can take hours; the lock, not the
  // expiry, keeps a second pass out (an expired run goes on, and pg-boss only marks it failed).
  expireInSeconds: 12 * 3600,
};

const PAUSE_MS = 5 * 60_000;
// A long pass (a large account's first) is run in slices of this length, each its own job, so
// that the queue's few workers turn to the other accounts between them.
const SLICE_MS = 5 * 60_000;
// How often at most a process asks for a pass of an account it holds a session of (a sign-in,
// and the server's look every 15 s, ask): the longest an account waits for another instance
// when its holder dies is that look's period.
const SEND_EVERY_MS = 10_000;

const lockName = (account: string) => `sync:${account}`;

/**
 * Registers the account's sync in this process unless it is, and asks the queue for a pass (at
 * most every 10 s per account): answers the account's identity.
 */
export function ensureAccountSync(input: AccountSyncInput): string {
  const days = input.days ?? getServerEnv().SALESDASH_SYNC_DAYS;
  const syncs = getProcessState().syncs;
  // The server's look comes here every 15 s for each session: most find the sync registered.
  if (input.account !== undefined && (days === 0 || syncs.has(input.account))) {
    if (days !== 0) syncs.get(input.account)?.ask();
    return input.account;
  }
  const store = input.store ?? getMirrorStore();
  const { serverSecret, ...clientOptions } = input.client ?? {};
  const client = createMirroredClient({ ...clientOptions, credential: input.credential, target: input.target, priority: "background", deadlineMs: 600_000, mirror: { store, clock: input.clock, serverSecret, facts: input.facts } });
  const account = client.identity;
  if (days === 0) return account;
  const registered = syncs.get(account);
  if (registered) {
    registered.ask();
    return account;
  }
  const sync = new AccountSync(input, client, store, days);
  syncs.set(account, sync);
  sync.ask();
  return account;
}

/** One account's sync in this process: what its passes need, and the pass running here, if one does. */
class AccountSync {
  readonly account: string;
  private readonly controller = new AbortController();
  private readonly clock: () => number;
  private running: Promise<void> | null = null;
  private askedAt = -Infinity;

  constructor(
    private readonly input: AccountSyncInput,
    private readonly client: MirroredClient,
    private readonly store: MirrorStore,
    private readonly days: number,
  ) {
    this.account = client.identity;
    this.clock = input.clock ?? Date.now;
  }

  /** The pass running in this process, if one does, to its end. */
  get done(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private get queue(): JobQueue {
    return this.input.queue ?? jobQueue();
  }

  /** Asks the queue for a pass now, unless this process asked less than 10 s ago (the server's look for sessions comes every 15 s). */
  ask(): void {
    if (this.controller.signal.aborted || Date.now() - this.askedAt < SEND_EVERY_MS) return;
    this.askedAt = Date.now();
    this.send(0);
  }

  stop(): void {
    this.controller.abort(new SyncStopped("stopped"));
    this.forget();
  }

  /** A job of the account: a pass if the lock is free and the last pass ended a pause ago. */
  async run(): Promise<void> {
    if (this.controller.signal.aborted || this.running) return;
    // Set before the lock is asked for: a stop meanwhile waits for the answer (and the pass then sees it stopped).
    const run = this.underLock();
    this.running = run.then(() => undefined, () => undefined);
    let nextAfterMs: number | null;
    try {
      nextAfterMs = await run;
    } finally {
      this.running = null;
    }
    // Once the lock is let go and this process's pass is over: a job that ran earlier would find both taken.
    if (nextAfterMs !== null && !this.controller.signal.aborted) this.send(nextAfterMs);
  }

  /** When the next pass is due, in ms from now; null when this process sends none. */
  private async underLock(): Promise<number | null> {
    const locks = this.input.locks ?? heldLocks();
    const held = await locks.tryHold(lockName(this.account));
    // Another instance's pass runs: it sends the next one itself, and if it dies, this
    // process's next ask() finds the lock free.
    if (!held) return null;
    try {
      return this.controller.signal.aborted ? null : await this.passUnder(held);
    } finally {
      await held.release();
    }
  }

  private async passUnder(held: HeldLock): Promise<number | null> {
    if (!(await this.input.alive())) {
      this.forget();
      return null;
    }
    const { account, store, clock, days } = this;
    const stored = await store.readSyncState(account);
    const pauseMs = this.input.pauseMs ?? PAUSE_MS;
    const since = Date.now() - (stored?.attemptEndedAt ?? -Infinity);
    // A job asked for while the last pass ran, or sent before a restart: the next pass is due
    // later (a pause at most, should the instance that wrote the time have a clock ahead).
    if (since < pauseMs) return since < 0 ? pauseMs : pauseMs - since;
    let state: MirrorSyncState = { ...(stored ?? { startedAt: clock(), passEndedAt: null, lastError: null, unavailable: [] }), days };
    const signal = AbortSignal.any([this.controller.signal, held.lost]);
    const sliceEnds = Date.now() + (this.input.sliceMs ?? SLICE_MS);
    let signedOut = false;
    let refused = false;
    let sliced = false;
    try {
      const result = await runSyncPass({
        client: this.client,
        resources: resourcesFor(this.input.keyType).filter((r) => !state.unavailable.includes(r)),
        days,
        clock,
        signal,
        checkpoint: async () => {
          await held.confirm();
          if (held.lost.aborted) throw new SyncStopped("lock lost");
          if (!(await this.input.alive())) {
            signedOut = true;
            throw new SyncStopped("signed out");
          }
          if (Date.now() >= sliceEnds) {
            sliced = true;
            throw new SyncStopped("slice over");
          }
        },
        onUnavailable: (resource) => void (state.unavailable = [...state.unavailable, resource]),
      });
      state = { ...state, passEndedAt: result.unfetchedDays === 0 ? clock() : state.passEndedAt, lastError: null, attemptEndedAt: Date.now() };
      // Only after a whole pass: an alert judged while the upstream was away would tell part of its day.
      if (this.input.afterPass && result.unfetchedDays === 0 && !signal.aborted) {
        await this.input.afterPass(this.client, clock(), signal).catch((error: unknown) => log("warn", { event: "after_sync_pass_failed", kind: errorKind(error) }));
      }
    } catch (error) {
      // Stopped, signed out or the lock lost: the pass ends where it is, and only what it
      // finished counts (the next pass starts where this one stopped).
      if (!(signal.aborted || error instanceof SyncStopped)) {
        state = { ...state, lastError: describeSyncError(error), attemptEndedAt: Date.now() };
        log("warn", { event: "mirror_sync_failed", kind: errorKind(error) });
        if (errorKind(error) === "invalid_token") {
          refused = true;
          await this.input.onRefused?.(this.client, clock()).catch((failure: unknown) => log("warn", { event: "after_sync_refused_failed", kind: errorKind(failure) }));
        }
      }
    } finally {
      // A lost lock is another instance's to write with; a stopped sync's account is being forgotten.
      if (!signal.aborted) await store.writeSyncState(account, state).catch(() => undefined);
    }
    if (signedOut || refused) {
      this.forget();
      return null;
    }
    // A slice of a long pass: the rest goes on at once, behind the other accounts' jobs.
    return signal.aborted ? null : sliced ? 0 : pauseMs;
  }

  private send(afterMs: number): void {
    const queue = this.queue;
    const startAfterSeconds = Math.max(0, Math.ceil(afterMs / 1000));
    workSyncQueue(queue)
      .then(() => queue.send(SYNC_QUEUE.name, { account: this.account } satisfies SyncJob, { key: this.account, startAfterSeconds }))
      .catch((error: unknown) => sayOnceInAWhile("mirror_sync_send_failed", error));
  }

  /** Out of this process's syncs: a session of the account that lasts registers it again. */
  private forget(): void {
    const syncs = getProcessState().syncs;
    if (syncs.get(this.account) === this) syncs.delete(this.account);
  }
}

interface SyncJob {
  account: string;
}

/** Defines the sync's queue and works it in this process, once per queue. */
function workSyncQueue(queue: JobQueue): Promise<void> {
  const worked = processShared("sync-queues", () => new WeakMap<JobQueue, Promise<void>>());
  let started = worked.get(queue);
  if (!started) {
    started = (async () => {
      await queue.define(SYNC_QUEUE);
      // Passes of different accounts run side by side; each one's requests share the rate budget.
      await queue.work<SyncJob>(SYNC_QUEUE.name, runSyncJob, { concurrency: 4 });
    })();
    // Asked again on the next send when the database was away.
    started.catch(() => worked.delete(queue));
    worked.set(queue, started);
  }
  return started;
}

/**
 * A job of an account this process holds no session of does nothing: an instance that does
 * asks again. A failure (the database away as the lock is asked for) is said, and the next ask
 * tries again: a retry of the job would add nothing.
 */
async function runSyncJob(job: QueuedJob<SyncJob>): Promise<void> {
  const sync = getProcessState().syncs.get(job.data.account);
  await sync?.run().catch((error: unknown) => sayOnceInAWhile("mirror_sync_job_failed", error));
}

/** Every account of every instance fails alike while the database is away: each failure said twice a minute at most. */
function sayOnceInAWhile(event: "mirror_sync_send_failed" | "mirror_sync_job_failed", error: unknown): void {
  processShared(`log:${event}`, () => logAtMostEvery(30_000))("warn", { event, kind: errorKind(error) });
}

/** Stops this process's sync of the account and waits for it to let go. */
export async function stopAccountSync(account: string): Promise<void> {
  const sync = getProcessState().syncs.get(account);
  if (!sync) return;
  sync.stop();
  await sync.done;
}

/**
 * Stops this process's sync of the account, then runs `work` holding the account's lock, so that
 * no instance's pass writes the account's mirror meanwhile (Forget my data). Another instance's
 * pass ends at its next step once the account's sessions are gone; `work` waits for that
 * `waitMs` at most (15 s unless given), and then runs all the same.
 */
export async function withAccountSyncStopped<T>(account: string, work: () => Promise<T>, options: { waitMs?: number; locks?: LockSource } = {}): Promise<T> {
  await stopAccountSync(account);
  const locks = options.locks ?? heldLocks();
  const deadline = Date.now() + (options.waitMs ?? 15_000);
  let held: HeldLock | null = null;
  for (;;) {
    held = await locks.tryHold(lockName(account)).catch(() => null);
    if (held || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!held) log("warn", { event: "mirror_forget_sync_still_held" });
  try {
    return await work();
  } finally {
    await held?.release();
  }
}

export interface SyncStatus extends SyncProgress {
  running: boolean;
  passEndedAt: number | null;
  lastError: string | null;
}

export async function getSyncStatus(account: string, keyType: KeyType, options: { store?: MirrorStore; clock?: () => number; days?: number } = {}): Promise<SyncStatus> {
  const store = options.store ?? getMirrorStore();
  const state = await store.readSyncState(account);
  const days = options.days ?? state?.days ?? getServerEnv().SALESDASH_SYNC_DAYS;
  const resources = resourcesFor(keyType).filter((r) => !state?.unavailable.includes(r));
  const today = isoDay(new Date((options.clock ?? Date.now)()));
  return {
    ...syncProgress(await store.listDays(account), resources, today, days),
    running: getProcessState().syncs.has(account),
    passEndedAt: state?.passEndedAt ?? null,
    lastError: state?.lastError ?? null,
  };
}

class SyncStopped extends Error {
  override name = "AbortError";
}

function describeSyncError(error: unknown): string {
  switch (errorKind(error)) {
    case "invalid_token":
      return "The upstream no longer accepts this key: sign in again.";
    case "rate_limited":
      return "The upstream asked us to slow down; the sync resumes shortly.";
    case "timeout":
    case "network":
    case "upstream":
      return "The upstream could not be reached; the sync retries in a few minutes.";
    default:
      return "The sync stopped on an unexpected answer; it retries in a few minutes.";
  }
}
