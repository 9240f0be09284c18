// The job queue on PostgreSQL (pg-boss, two instances on one database) against the rules every
// queue keeps (tests/support/job-queue-suite.ts). Its schema is this file's own, dropped at the end.
import pg from "pg";
import { afterAll, afterEach, describe, it } from "vitest";
import type { JobQueue } from "@/lib/store/jobs/job-queue";
import { PgBossQueue } from "@/lib/store/jobs/pg-boss-queue";
import { jobQueueSuite, queueOf, until } from "../support/job-queue-suite";
import { randomSchemaName, TEST_DATABASE_URL } from "../support/postgres-test-schema";

const schema = randomSchemaName();
const opened: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((queue) => queue.stop()));
});
afterAll(async () => {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
});

describe("PgBossQueue", () => {
  it("lets two instances starting at once define the same queues (pg-boss alone deadlocks on it)", async () => {
    const open = () => {
      const queue = new PgBossQueue({ connectionString: TEST_DATABASE_URL, schema, pollingIntervalSeconds: 0.5 });
      opened.push(queue);
      return queue;
    };
    const names = ["defined_dead", "defined_a", "defined_b", "defined_c"];
    const defineAll = async (queue: JobQueue) => {
      await queue.define(queueOf(names[0]!, { policy: "standard" }));
      await Promise.all(names.slice(1).map((name) => queue.define(queueOf(name, { deadLetter: names[0] }))));
    };
    await Promise.all([defineAll(open()), defineAll(open()), defineAll(open())]);
    const [queue] = opened;
    const seen: string[] = [];
    await queue!.work<{ name: string }>("defined_b", async (job) => void seen.push(job.data.name));
    await queue!.send("defined_b", { name: "b" }, { key: "k" });
    await until(() => seen.length === 1, "a job on a queue defined at once by three instances");
  });


  jobQueueSuite({
    instances: 2,
    open: async () => {
      const queue = new PgBossQueue({ connectionString: TEST_DATABASE_URL, schema, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, cronIntervalSeconds: 1 });
      opened.push(queue);
      return queue;
    },
    // pg-boss reads the database's clock (this machine's): its tick is the minute's it is set in.
    nextMinute: async () => undefined,
    // The tick comes within a few seconds (cron checked each second, its job fetched each half
    // second), then the test waits 3 s for a second one: set with under 25 s of the minute left,
    // the schedule waits for the next minute.
    roomInMinute: async () => {
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 25_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
    },
  });
});
