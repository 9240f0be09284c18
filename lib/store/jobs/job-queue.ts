// The job queue the server's background work runs on (issue #27, point 4): one interface, two
// adapters built in one place (lib/store/app-stores.ts). With PostgreSQL, pg-boss on it
// (pg-boss-queue.ts): every instance works the same queues, a cron tick is sent once in all,
// and a job is run by one instance. Without it, the same rules in this process on a SQLite
// file of the data directory (local-queue.ts), so a job sent before a restart runs after it.
// What was measured of pg-boss before choosing these rules is in docs/jobs-plan.md.

/**
 * `short`: one job of a key waits at a time (a second send of the key answers null), as
 * pg-boss's policy of that name; a job of the key may run meanwhile. `standard`: no such rule.
 */
export type QueuePolicy = "standard" | "short";

export interface QueueDefinition {
  name: string;
  policy: QueuePolicy;
  /** How many times a failed job is tried again: 2 means three runs in all. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each later one (with jitter on pg-boss). */
  retryDelaySeconds: number;
  /** A run that lasts longer is failed (and retried): the handler must end well before it. */
  expireInSeconds: number;
  /** Where a job goes, with its data, once its retries are spent (a queue defined earlier). */
  deadLetter?: string;
}

export interface SendOptions {
  /** The job's key under the `short` policy. */
  key?: string;
  /** Not run before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface WorkOptions {
  concurrency?: number;
}

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** 0 the first time, then 1, 2… for each retry. */
  retryCount: number;
}

/** A throw fails the run: it is tried again after its delay, or dead-lettered once its retries are spent. */
export type JobHandler<T> = (job: QueuedJob<T>) => Promise<void>;

export interface JobQueue {
  /** Creates the queue unless it exists (its rules are those it was first created with). */
  define(queue: QueueDefinition): Promise<void>;
  /** The job's id, or null when a job of its key waits already (`short`). */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs the queue's jobs in this process, `concurrency` at a time (1 unless given), until stop(). */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * Sends `data` to `queue` at each tick of `cron` (five fields, minutes first) read in
   * `timeZone`, once in all however many instances run. One schedule per queue: a later call
   * replaces it.
   */
  schedule(queue: string, cron: string, timeZone: string, data?: object): Promise<void>;
  /** Stops taking jobs and waits for the running ones to end. */
  stop(): Promise<void>;
}
