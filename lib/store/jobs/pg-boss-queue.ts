import "server-only";

// The job queue on PostgreSQL: pg-boss 10 (the newest major that runs on Node 20) in a schema of
// its own. Its rules, as measured (docs/jobs-plan.md): a cron tick is sent once across instances;
// `short` keeps one waiting job per key; a job is fetched by one worker; a failed job is retried
// after its delay, doubling, then sent to its dead-letter queue; a job whose instance died is
// failed once its expiry has passed (found by the maintenance, every 10 s here) and retried.
import pg from "pg";
import PgBoss from "pg-boss";
import { logAtMostEvery } from "@/lib/log/server-log";
import type { JobHandler, JobQueue, QueueDefinition, SendOptions, WorkOptions } from "./job-queue";

export interface PgBossQueueOptions {
  connectionString: string;
  /** Its tables' schema: "salesdash_jobs" unless given (each test file has its own). */
  schema?: string;
  /** How often an idle worker looks for jobs (pg-boss has no LISTEN/NOTIFY in v10). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (an instance died mid-run) are put back, and cron checked. */
  maintenanceIntervalSeconds?: number;
  cronIntervalSeconds?: number;
}

export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly started: Promise<unknown>;
  private readonly polling: number;
  private readonly schema: string;
  private readonly connectionString: string;

  constructor(options: PgBossQueueOptions) {
    const cron = options.cronIntervalSeconds ?? 10;
    this.polling = options.pollingIntervalSeconds ?? 2;
    this.schema = options.schema ?? "salesdash_jobs";
    this.connectionString = options.connectionString;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: this.schema,
      max: 4,
      application_name: "salesdash-jobs",
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 10,
      cronMonitorIntervalSeconds: cron,
      cronWorkerIntervalSeconds: Math.min(5, cron),
      // Under 60 s, pg-boss turns cron off (docs/jobs-plan.md).
      archiveCompletedAfterSeconds: 3600,
    });
    // Without a listener, a dropped connection would end the process; pg-boss reconnects by
    // itself. Each of its loops says an outage every second or two: the log has it twice a minute.
    const say = logAtMostEvery(30_000);
    this.boss.on("error", (error: Error & { code?: string }) => say("warn", { event: "job_queue_error", errorName: error.name, kind: error.code }));
    this.started = this.boss.start();
    // Said by the first call that waits on it; unobserved until then.
    this.started.catch(() => undefined);
  }

  async define(queue: QueueDefinition): Promise<void> {
    await this.started;
    if (await this.boss.getQueue(queue.name)) return;
    // pg-boss makes a queue a partition of its jobs table: two instances creating queues at once
    // deadlock (measured). One at a time, across instances, under an advisory lock.
    await this.oneAtATime(async () => {
      if (await this.boss.getQueue(queue.name)) return;
      await this.create(queue);
    });
  }

  private async create(queue: QueueDefinition): Promise<void> {
    await this.boss.createQueue(queue.name, {
      name: queue.name,
      policy: queue.policy,
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: queue.expireInSeconds,
      // Options set to undefined throw: left out when there is none.
      ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
    });
  }

  private async oneAtATime(work: () => Promise<void>): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: "salesdash-jobs" });
    client.on("error", () => undefined);
    await client.connect();
    try {
      await client.query("SELECT pg_advisory_lock(hashtext($1))", [`${this.schema}.create_queue`]);
      await work();
    } finally {
      // Ending the session lets go of its lock too.
      await client.end().catch(() => undefined);
    }
  }

  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.started;
    return this.boss.send(queue, data, {
      ...(options.key !== undefined ? { singletonKey: options.key } : {}),
      ...(options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {}),
    });
  }

  async work<T extends object>(queue: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    await this.started;
    // pg-boss 10's worker is one serial loop: N of them for N at once. One job per fetch: one
    // throw fails a whole batch.
    for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i++) {
      await this.boss.work<T>(queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.polling }, async ([job]) => {
        if (!job) return;
        try {
          await handler({ id: job.id, data: job.data, retryCount: job.retryCount });
        } catch (error) {
          // pg-boss keeps what a job threw (its message and stack) with the job and its dead
          // letter: only the error's class goes there, as in the log.
          const bare = new Error(error instanceof Error ? error.name : "unknown");
          bare.name = bare.message;
          bare.stack = undefined;
          throw bare;
        }
      });
    }
  }

  async schedule(queue: string, cron: string, timeZone: string, data: object = {}): Promise<void> {
    await this.started;
    await this.boss.schedule(queue, cron, data, { tz: timeZone });
  }

  async stop(): Promise<void> {
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }
}
