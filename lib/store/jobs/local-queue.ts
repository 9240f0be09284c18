import "server-only";

// The job queue without PostgreSQL: the same rules as pg-boss's (job-queue.ts) in this process,
// kept in a SQLite file of the data directory so that a job sent before a restart, or running
// when the server stopped, runs after it. This process is the only worker (as a SQLite
// deployment has one): a running job is not expired (nobody else could take it over); one left
// running by a stopped process runs again, as a retry.
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import cronParser from "cron-parser";
import { openPrivateSqlite } from "@/lib/store/private-sqlite";
import { log } from "@/lib/log/server-log";
import type { JobHandler, JobQueue, QueueDefinition, SendOptions, WorkOptions } from "./job-queue";

export interface LocalQueueOptions {
  file: string;
  /** When jobs are due and cron ticks fall: the wall clock unless a test gives its own. */
  clock?: () => number;
  /** How often due jobs and cron ticks are looked for. */
  pollMs?: number;
}

// A completed or failed job is kept a day for whoever looks, then deleted; a dead letter (which
// nobody works) two weeks, as pg-boss keeps its jobs.
const KEEP_MS = 86_400_000;
const KEEP_LETTERS_MS = 14 * KEEP_MS;

interface JobRow {
  id: string;
  data: string;
  retry_count: number;
}

export class LocalQueue implements JobQueue {
  private readonly db: Database.Database;
  private readonly clock: () => number;
  private readonly queues = new Map<string, QueueDefinition>();
  private readonly workers = new Map<string, { handler: JobHandler<object>; concurrency: number }>();
  /** Jobs running, by queue. */
  private readonly busy = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private readonly timer: NodeJS.Timeout;
  private stopping = false;
  private closed = false;

  constructor(options: LocalQueueOptions) {
    this.clock = options.clock ?? Date.now;
    this.db = openPrivateSqlite(options.file);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS jobs (
        id TEXT PRIMARY KEY, queue TEXT NOT NULL, key TEXT, data TEXT NOT NULL, state TEXT NOT NULL,
        start_after INTEGER NOT NULL, retry_count INTEGER NOT NULL DEFAULT 0, error TEXT,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
      CREATE UNIQUE INDEX IF NOT EXISTS jobs_waiting_key ON jobs (queue, key) WHERE state = 'created' AND key IS NOT NULL;
      CREATE INDEX IF NOT EXISTS jobs_due ON jobs (queue, state, start_after);
      CREATE TABLE IF NOT EXISTS schedules (
        queue TEXT PRIMARY KEY, cron TEXT NOT NULL, time_zone TEXT NOT NULL, data TEXT NOT NULL, fired_at INTEGER NOT NULL);
    `);
    // Left running by a process that stopped: it runs again, as a retry (as pg-boss counts an
    // expired run), so that a job that stops the process does not run at every start for ever.
    this.db.prepare("UPDATE jobs SET state = 'retry', retry_count = retry_count + 1 WHERE state = 'active'").run();
    this.timer = setInterval(() => this.poll(), options.pollMs ?? 1000);
    this.timer.unref();
  }

  async define(queue: QueueDefinition): Promise<void> {
    if (queue.deadLetter && !this.queues.has(queue.deadLetter)) throw new Error(`The dead-letter queue ${queue.deadLetter} is not defined.`);
    if (!this.queues.has(queue.name)) this.queues.set(queue.name, queue);
  }

  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const definition = this.definition(queue);
    const id = randomUUID();
    const now = this.clock();
    // As pg-boss's `short`: a job without a key is one key of its own, "".
    const key = definition.policy === "short" ? (options.key ?? "") : null;
    const inserted = this.db
      .prepare("INSERT OR IGNORE INTO jobs (id, queue, key, data, state, start_after, created_at, updated_at) VALUES (?, ?, ?, ?, 'created', ?, ?, ?)")
      .run(id, queue, key, JSON.stringify(data), now + Math.max(0, options.startAfterSeconds ?? 0) * 1000, now, now);
    if (inserted.changes === 0) return null;
    queueMicrotask(() => this.poll());
    return id;
  }

  async work<T extends object>(queue: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    this.definition(queue);
    this.workers.set(queue, { handler: handler as JobHandler<object>, concurrency: Math.max(1, options.concurrency ?? 1) });
    queueMicrotask(() => this.poll());
  }

  async schedule(queue: string, cron: string, timeZone: string, data: object = {}): Promise<void> {
    this.definition(queue);
    cronParser.parseExpression(cron, { tz: timeZone });
    // Replacing a schedule keeps when it last fired: a restart does not fire a tick again.
    this.db
      .prepare("INSERT INTO schedules (queue, cron, time_zone, data, fired_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (queue) DO UPDATE SET cron = excluded.cron, time_zone = excluded.time_zone, data = excluded.data")
      .run(queue, cron, timeZone, JSON.stringify(data), this.clock());
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.timer);
    // The running jobs end and are written down: they do not run again after the restart.
    await Promise.allSettled([...this.running]);
    this.closed = true;
    this.db.close();
  }

  private definition(queue: string): QueueDefinition {
    const definition = this.queues.get(queue);
    if (!definition) throw new Error(`The job queue ${queue} is not defined.`);
    return definition;
  }

  private poll(): void {
    if (this.stopping) return;
    const now = this.clock();
    try {
      this.fireSchedules(now);
      for (const [queue, { handler, concurrency }] of this.workers) {
        while ((this.busy.get(queue) ?? 0) < concurrency) {
          const job = this.db
            .prepare("UPDATE jobs SET state = 'active', updated_at = ? WHERE id = (SELECT id FROM jobs WHERE queue = ? AND state IN ('created', 'retry') AND start_after <= ? ORDER BY start_after, created_at LIMIT 1) RETURNING id, data, retry_count")
            .get(now, queue, now) as JobRow | undefined;
          if (!job) break;
          this.run(queue, handler, job);
        }
      }
      this.db.prepare("DELETE FROM jobs WHERE state IN ('completed', 'failed') AND updated_at < ?").run(now - KEEP_MS);
      this.db.prepare("DELETE FROM jobs WHERE updated_at < ?").run(now - KEEP_LETTERS_MS);
    } catch (error) {
      log("warn", { event: "job_queue_error", errorName: error instanceof Error ? error.name : "unknown" });
    }
  }

  private fireSchedules(now: number): void {
    const schedules = this.db.prepare("SELECT queue, cron, time_zone, data, fired_at FROM schedules").all() as Array<{ queue: string; cron: string; time_zone: string; data: string; fired_at: number }>;
    for (const s of schedules) {
      if (!this.queues.has(s.queue)) continue;
      // The last tick at or before now; ticks missed while the server was down fire once, as one.
      const tick = cronParser.parseExpression(s.cron, { currentDate: new Date(now + 1), tz: s.time_zone }).prev().getTime();
      if (tick <= s.fired_at) continue;
      this.db.prepare("UPDATE schedules SET fired_at = ? WHERE queue = ?").run(tick, s.queue);
      this.sendNow(s.queue, JSON.parse(s.data) as object);
    }
  }

  private run(queue: string, handler: JobHandler<object>, job: JobRow): void {
    this.busy.set(queue, (this.busy.get(queue) ?? 0) + 1);
    const done = (async () => {
      try {
        await handler({ id: job.id, data: JSON.parse(job.data) as object, retryCount: job.retry_count });
        this.finish(job.id, "completed", null);
      } catch (error) {
        this.failed(queue, job, error);
      }
    })()
      .catch((error: unknown) => log("warn", { event: "job_queue_error", errorName: error instanceof Error ? error.name : "unknown" }))
      .finally(() => {
        this.busy.set(queue, (this.busy.get(queue) ?? 1) - 1);
        this.running.delete(done);
        queueMicrotask(() => this.poll());
      });
    this.running.add(done);
  }

  private finish(id: string, state: "completed" | "failed", error: string | null): void {
    if (!this.closed) this.db.prepare("UPDATE jobs SET state = ?, error = ?, updated_at = ? WHERE id = ?").run(state, error, this.clock(), id);
  }

  private failed(queue: string, job: JobRow, error: unknown): void {
    if (this.closed) return;
    const definition = this.definition(queue);
    // The error's class only: its text may hold what a log must not.
    const errorName = error instanceof Error ? error.name : "unknown";
    const now = this.clock();
    if (job.retry_count < definition.retryLimit) {
      const delayMs = definition.retryDelaySeconds * 1000 * 2 ** job.retry_count;
      this.db.prepare("UPDATE jobs SET state = 'retry', retry_count = retry_count + 1, start_after = ?, error = ?, updated_at = ? WHERE id = ?").run(now + delayMs, errorName, now, job.id);
      return;
    }
    this.finish(job.id, "failed", errorName);
    log("warn", { event: "job_dead_lettered", kind: queue, errorName });
    if (definition.deadLetter) this.sendNow(definition.deadLetter, JSON.parse(job.data) as object);
  }

  /** A send from inside the queue (a tick, a dead letter): its failure is logged, not thrown. */
  private sendNow(queue: string, data: object): void {
    this.send(queue, data).catch((error: unknown) => log("warn", { event: "job_queue_error", errorName: error instanceof Error ? error.name : "unknown" }));
  }
}
