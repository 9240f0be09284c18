// Who holds an account's sync lease: the Redis hash the instances share
// (lib/store/redis/redis-lease-store.ts: "salesdash:lease:sync:<account>" holding
// {holder: "<pid>:<uuid>", expiresAt}), its pid mapped to the instance whose process group it is in.
import { Redis } from "ioredis";
import { processGroupOf, type DashboardProcess } from "./dashboard-process";

export interface SyncLease { key: string; pid: number; expiresAt: number }

export async function syncLeases(redisUrl: string): Promise<SyncLease[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const leases: SyncLease[] = [];
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", "salesdash:lease:sync:*", "COUNT", 100);
      cursor = next;
      for (const key of keys) {
        const { holder, expiresAt } = await redis.hgetall(key);
        if (holder) leases.push({ key, pid: Number(holder.split(":")[0]), expiresAt: Number(expiresAt) });
      }
    } while (cursor !== "0");
    return leases;
  } finally {
    redis.disconnect();
  }
}

/** The instance whose process group holds the lease, if one does. */
export function holderOf(lease: SyncLease, instances: readonly DashboardProcess[]): DashboardProcess | undefined {
  const group = processGroupOf(lease.pid);
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
