// What the two instances share, all the spec's own: a sandbox at its real 60 requests a minute
// per key, a PostgreSQL database created for the run, a throwaway redis-server (restarting it
// harms nothing else), and one AUTH_SECRET. Instances are started in pairs with a configuration.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dashboardEnv } from "../../e2e/support/sandbox";
import { freePort, killRedisServer, startRedisServer } from "../../support/redis-server-process";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../../support/sandbox-process";
import { startDashboardProcess, type DashboardProcess } from "./dashboard-process";
import { createTestDatabase, type TestDatabase } from "./test-database";

const ROOT = path.resolve(import.meta.dirname, "../../..");
export const RUN_DIR = path.join(ROOT, "test-results/instances");

export interface Stack {
  sb: RunningSandbox;
  db: TestDatabase;
  redisPort: number;
  redisUrl: string;
  redis: ChildProcess;
  authSecret: string;
  /** The instances running now, if any. */
  pair?: { label: string; instances: [DashboardProcess, DashboardProcess] };
}

export async function startStack(): Promise<Stack> {
  const sb = await startSandboxProcess(["--now", FIXED_NOW]);
  const db = await createTestDatabase();
  const redisPort = await freePort();
  const redis = await startRedisServer(redisPort);
  return { sb, db, redisPort, redisUrl: `redis://127.0.0.1:${redisPort}`, redis, authSecret: randomBytes(32).toString("base64") };
}

export async function restartRedis(stack: Stack): Promise<void> {
  stack.redis = await startRedisServer(stack.redisPort);
}

export async function stopRedis(stack: Stack): Promise<void> {
  await killRedisServer(stack.redis);
}

let started = 0;

/**
 * Instances A and B with `extra` on top of the shared configuration, each with a data directory
 * of its own; the running pair is reused when its label matches, else stopped first.
 */
export async function instancePair(stack: Stack, label: string, extra: Record<string, string> = {}): Promise<[DashboardProcess, DashboardProcess]> {
  if (stack.pair?.label === label) return stack.pair.instances;
  await stopPair(stack);
  const run = ++started;
  const start = async (name: "A" | "B") => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = path.join(RUN_DIR, `data-${name}-${run}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const env = dashboardEnv(url, dataDir, {
      SALES_API_BASE_URL: stack.sb.creds.baseUrl,
      SALES_API_STAGING_BASE_URL: "",
      SALES_API_CA_FILE: stack.sb.creds.caFile,
      AUTH_SECRET: stack.authSecret,
      SALESDASH_DATABASE_URL: stack.db.url,
      SALESDASH_REDIS_URL: stack.redisUrl,
      SALESDASH_SYNC_DAYS: "0",
      // The sandbox makes every record on demand in one Node process. When six sessions ask it
      // for years of records at once, on a 2-core machine shared with two dashboards and a
      // browser, single answers take tens of seconds, and the default 30 s of upstream time per
      // report runs out: the report then shows what arrived and says the rest is missing, as it
      // should. The figures compared here need whole reports, so the reports get 2 minutes.
      SALES_API_REPORT_DEADLINE_MS: "120000",
      ...extra,
    });
    return startDashboardProcess(`${name}-${run}-${label}`, port, env, RUN_DIR);
  };
  // One after the other: the first migrates the empty database, the second finds it done.
  const a = await start("A");
  const b = await start("B");
  stack.pair = { label, instances: [a, b] };
  return stack.pair.instances;
}

export async function stopPair(stack: Stack): Promise<void> {
  if (!stack.pair) return;
  await Promise.all(stack.pair.instances.map((instance) => instance.stop()));
  stack.pair = undefined;
}
