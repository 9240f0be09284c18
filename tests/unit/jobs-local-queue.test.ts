// The in-process job queue (SQLite) against the rules every queue keeps (tests/support/job-queue-suite.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe } from "vitest";
import type { JobQueue } from "@/lib/store/jobs/job-queue";
import { LocalQueue } from "@/lib/store/jobs/local-queue";
import { jobQueueSuite } from "../support/job-queue-suite";

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
    nextMinute: async () => void (offset += 60_000),
  });
});
