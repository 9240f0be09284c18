// The job queue on PostgreSQL (pg-boss, two instances on one database) against the rules every
// queue keeps (tests/support/job-queue-suite.ts). Its schema is this file's own, dropped at the end.
import pg from "pg";
import { afterAll, afterEach, describe } from "vitest";
import type { JobQueue } from "@/lib/jobs/job-queue";
import { PgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { jobQueueSuite } from "../support/job-queue-suite";
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
  jobQueueSuite({
    instances: 2,
    open: async () => {
      const queue = new PgBossQueue({ connectionString: TEST_DATABASE_URL, schema, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, cronIntervalSeconds: 1 });
      opened.push(queue);
      return queue;
    },
    // pg-boss reads the database's clock: the test waits for the next real minute.
    nextMinute: async () => undefined,
  });
});
