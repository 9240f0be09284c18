// The in-process job queue (SQLite) against the rules every queue keeps (tests/support/job-queue-suite.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { JobQueue } from "@/lib/store/jobs/job-queue";
import { LocalQueue } from "@/lib/store/jobs/local-queue";
import { jobQueueSuite, queueOf, until } from "../support/job-queue-suite";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-jobs-"));
let offset = 0;
const opened: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((queue) => queue.stop()));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("LocalQueue", () => {
  jobQueueSuite({
    instances: 1,
    open: async () => {
      const queue = new LocalQueue({ file: path.join(dir, "jobs.sqlite"), clock: () => Date.now() + offset, pollMs: 50 });
      opened.push(queue);
      return queue;
    },
    // Just past the next minute's start: the test's waits after it stay within that minute.
    nextMinute: async () => void (offset += 60_000 - ((Date.now() + offset) % 60_000) + 500),
  });
});

it("runs a job the stopped process left running again, counted as a retry", async () => {
  const file = path.join(dir, "crashed.sqlite");
  const first = new LocalQueue({ file, pollMs: 50 });
  await first.define(queueOf("crash"));
  await first.send("crash", { n: 1 }, { key: "acct" });
  await first.stop();
  // The process died while the job ran: it is still marked running.
  const db = new Database(file);
  db.prepare("UPDATE jobs SET state = 'active'").run();
  db.close();
  const after = new LocalQueue({ file, pollMs: 50 });
  opened.push(after);
  await after.define(queueOf("crash"));
  const retries: number[] = [];
  await after.work<{ n: number }>("crash", async (job) => void retries.push(job.retryCount));
  await until(() => retries.length === 1, "the job left running");
  expect(retries).toEqual([1]);
});
