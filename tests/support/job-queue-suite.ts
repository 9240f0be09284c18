import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import type { JobQueue, QueueDefinition, QueuedJob } from "@/lib/store/jobs/job-queue";

// What every JobQueue must do, run against each adapter (in-process on SQLite in tests/unit,
// pg-boss on PostgreSQL in tests/backends). `open()` gives a new instance on the same back-end,
// as another dashboard process (or the same one after a restart) would have it; the caller
// stops what it opened in `afterEach`. Each test works in queues of its own name.

export interface JobQueueBackend {
  open(): Promise<JobQueue>;
  /** Whether two instances may work at once (pg-boss); the in-process queue has one. */
  instances: 1 | 2;
  /** Makes a minute pass for cron: a fake clock jumps, or the test waits for a real one. */
  nextMinute(): Promise<void>;
  /**
   * Before a schedule is set, on a real clock: waits until the minute has room for its tick and
   * the wait after it (pg-boss sends the tick of the minute the schedule is set in, and one a
   * minute after: a test that began seconds before a minute's end saw that one and the next).
   */
  roomInMinute?(): Promise<void>;
}

const fresh = (what: string) => `${what}_${randomBytes(4).toString("hex")}`;

export function queueOf(name: string, rules: Partial<QueueDefinition> = {}): QueueDefinition {
  return { name, policy: "short", retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60, ...rules };
}

export async function until<T>(probe: () => T | undefined | false, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const settle = (ms = 1500) => new Promise((resolve) => setTimeout(resolve, ms));

export function jobQueueSuite(backend: JobQueueBackend): void {
  it("runs a sent job once, with its data; a second send of a waiting key is refused, another key goes", async () => {
    const queue = await backend.open();
    const name = fresh("send");
    await queue.define(queueOf(name));
    const first = await queue.send(name, { n: 1 }, { key: "acct-a" });
    expect(first).toEqual(expect.any(String));
    expect(await queue.send(name, { n: 2 }, { key: "acct-a" })).toBeNull();
    expect(await queue.send(name, { n: 3 }, { key: "acct-b" })).toEqual(expect.any(String));
    const seen: Array<QueuedJob<{ n: number }>> = [];
    await queue.work<{ n: number }>(name, async (job) => void seen.push(job));
    await until(() => seen.length === 2, "both keys' jobs");
    await settle();
    expect(seen.map((job) => job.data.n).sort()).toEqual([1, 3]);
    expect(seen.every((job) => job.retryCount === 0)).toBe(true);
    // Run: the key may wait again.
    expect(await queue.send(name, { n: 4 }, { key: "acct-a" })).toEqual(expect.any(String));
    await until(() => seen.length === 3, "the key's next job");
  });

  it("runs as many jobs at once as the worker's concurrency, and no more", async () => {
    const queue = await backend.open();
    const name = fresh("together");
    await queue.define(queueOf(name, { policy: "standard" }));
    let running = 0;
    let most = 0;
    let done = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await queue.work(name, async () => {
      most = Math.max(most, ++running);
      await held;
      running--;
      done++;
    }, { concurrency: 2 });
    for (let i = 0; i < 3; i++) await queue.send(name, { i });
    await until(() => most === 2, "two jobs running at once");
    await settle();
    expect(most).toBe(2);
    release();
    await until(() => done === 3, "the three jobs");
  });

  it("keeps a job sent for later waiting, and refuses another of its key meanwhile", async () => {
    const queue = await backend.open();
    const name = fresh("later");
    await queue.define(queueOf(name));
    expect(await queue.send(name, { n: 1 }, { key: "acct", startAfterSeconds: 3600 })).toEqual(expect.any(String));
    expect(await queue.send(name, { n: 2 }, { key: "acct" })).toBeNull();
    const seen: number[] = [];
    await queue.work<{ n: number }>(name, async (job) => void seen.push(job.data.n));
    await settle(2500);
    expect(seen).toEqual([]);
  });

  it("tries a failing job again after its delay, then sends it to its dead-letter queue once", async () => {
    const queue = await backend.open();
    const [name, dead] = [fresh("retry"), fresh("dead")];
    await queue.define(queueOf(dead, { policy: "standard" }));
    await queue.define(queueOf(name, { retryLimit: 2, retryDelaySeconds: 1, deadLetter: dead }));
    const tries: number[] = [];
    const letters: unknown[] = [];
    await queue.work(name, async (job) => {
      tries.push(job.retryCount);
      throw new Error("refused");
    });
    await queue.work(dead, async (job) => void letters.push(job.data));
    await queue.send(name, { subscription: "s-1" }, { key: "s-1" });
    await until(() => letters.length === 1, "the dead letter", 60_000);
    await settle();
    expect(tries).toEqual([0, 1, 2]);
    expect(letters).toEqual([{ subscription: "s-1" }]);
  });

  it("runs a job sent before a restart after it", async () => {
    const before = await backend.open();
    const name = fresh("restart");
    await before.define(queueOf(name));
    await before.send(name, { n: 1 }, { key: "acct" });
    await before.stop();
    const after = await backend.open();
    await after.define(queueOf(name));
    const seen: number[] = [];
    await after.work<{ n: number }>(name, async (job) => void seen.push(job.data.n));
    await until(() => seen.length === 1, "the job sent before the restart");
  });

  it("fires a cron tick once in all, however many instances have the schedule and work the queue", async () => {
    const queues = await Promise.all(Array.from({ length: backend.instances }, () => backend.open()));
    const name = fresh("tick");
    const ticks: unknown[] = [];
    await backend.roomInMinute?.();
    for (const queue of queues) {
      await queue.define(queueOf(name, { policy: "standard" }));
      await queue.schedule(name, "* * * * *", "America/Sao_Paulo", { cadence: "minute" });
      await queue.work(name, async (job) => void ticks.push(job.data));
    }
    await backend.nextMinute();
    await until(() => ticks.length >= 1, "the minute's tick", 120_000);
    await settle(3000);
    expect(ticks).toEqual([{ cadence: "minute" }]);
  }, 150_000);

  it("runs each of 50 jobs once while every instance works the queue", async () => {
    const queues = await Promise.all(Array.from({ length: backend.instances }, () => backend.open()));
    const name = fresh("many");
    const runs = new Map<string, number>();
    for (const queue of queues) {
      await queue.define(queueOf(name, { policy: "standard" }));
      await queue.work<{ key: string }>(name, async (job) => {
        // Slow enough that the instances overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        runs.set(job.data.key, (runs.get(job.data.key) ?? 0) + 1);
      });
    }
    // Sent from every instance: each job is fetched by one worker of one instance.
    const keys = Array.from({ length: 50 }, (_, i) => `sub-${i}`);
    await Promise.all(keys.map((key, i) => queues[i % queues.length]!.send(name, { key })));
    await until(() => runs.size === 50, "the 50 jobs", 120_000);
    await settle();
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  }, 150_000);
}
