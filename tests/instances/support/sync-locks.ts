// Who holds an account's sync lock: PostgreSQL's advisory locks of the instances' database
// (lib/store/locks/pg-advisory-locks.ts: the key pair (hashtext('salesdash_held_locks'),
// hashtext('sync:<account>')), on a connection named "salesdash-locks:<pid>"), its pid mapped to
// the instance whose process group it is in. The window locks are Redis's.
import { Redis } from "ioredis";
import { processGroupOf, type DashboardProcess } from "./dashboard-process";
import type { TestDatabase } from "./test-database";

export interface SyncLock { pid: number }

/** The sync locks held now in the database, each with the pid of the process holding it. */
export async function syncLocks(db: TestDatabase): Promise<SyncLock[]> {
  const rows = await db.query<{ application_name: string }>(
    `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = (hashtext('salesdash_held_locks')::bigint & 4294967295)::oid`,
  );
  return rows.map((row) => ({ pid: Number(row.application_name.split(":")[1]) }));
}

/** The instance whose process group holds the lock, if one does. */
export function holderOf(lock: SyncLock, instances: readonly DashboardProcess[]): DashboardProcess | undefined {
  const group = processGroupOf(lock.pid);
  return instances.find((instance) => instance.pgid === group);
}

export interface WindowLock { key: string; ttlMs: number }

/** The window locks held now (lib/sales-api/window-lock.ts: "salesdash:lock:window:…") and how long each still lives. */
export async function windowLocks(redisUrl: string): Promise<WindowLock[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const [, keys] = await redis.scan("0", "MATCH", "salesdash:lock:window:*", "COUNT", 1000);
    return Promise.all(keys.map(async (key) => ({ key: key.replace(/^salesdash:lock:window:[^:]+:/, ""), ttlMs: await redis.pttl(key) })));
  } finally {
    redis.disconnect();
  }
}
