import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { createRedisConnection } from "@/lib/store/redis/connection";

// Connections and key prefixes for the tests of the Redis stores: each test writes under a
// prefix of its own and deletes its keys at the end, so runs can share a Redis database.

export const TEST_REDIS_URL = process.env.SALESDASH_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A connection with the dashboard's settings; close it with closeRedis. */
export function connectTestRedis(url: string = TEST_REDIS_URL): Redis {
  return createRedisConnection(url);
}

export function randomPrefix(): string {
  return `salesdash-test:${randomBytes(6).toString("hex")}:`;
}

/** Every key under `prefix` (glob characters in it are escaped). */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
  const found: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== "0");
  return found;
}

export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix);
  if (keys.length > 0) await redis.del(...keys);
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
