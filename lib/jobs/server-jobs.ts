import "server-only";

// The server's jobs on its queue (lib/store/app-stores.ts builds it: pg-boss with PostgreSQL,
// in process without), started once when the server starts (instrumentation.ts).
import { startDigestJobs } from "@/lib/digests/digest-jobs";
import { log } from "@/lib/log/server-log";
import { closeJobQueue, jobQueue } from "@/lib/store/app-stores";

const RETRY_START_MS = 30_000;

/** Starts them, or says why not and tries again in 30 s on a new queue (the database away at the start). */
export async function startServerJobs(): Promise<void> {
  try {
    await startDigestJobs(jobQueue());
  } catch (error) {
    log("error", { event: "jobs_start_failed", errorName: error instanceof Error ? error.name : "unknown" });
    await closeJobQueue().catch(() => undefined);
    setTimeout(() => void startServerJobs(), RETRY_START_MS).unref();
  }
}
