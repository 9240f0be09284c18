import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll } from "vitest";
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

/**
 * What a file of Redis store tests sets up: a connection for the file (`redis`, open from
 * beforeAll), more on demand (`connect`, as more dashboard instances), and a prefix per use
 * (`newPrefix`) whose keys are deleted after each test; every connection closed after the file.
 */
export function redisForTests() {
  const connections: Redis[] = [];
  const prefixes: string[] = [];
  const connect = (): Redis => {
    const connection = connectTestRedis();
    connections.push(connection);
    return connection;
  };
  const held = {
    redis: null as unknown as Redis,
    connect,
    newPrefix(): string {
      const prefix = randomPrefix();
      prefixes.push(prefix);
      return prefix;
    },
  };
  beforeAll(() => {
    held.redis = connect();
  });
  afterEach(async () => {
    for (const prefix of prefixes.splice(0)) await deleteKeysUnder(held.redis, prefix);
  });
  afterAll(async () => {
    for (const connection of connections.splice(0)) await closeRedis(connection);
  });
  return held;
}

/**
 * What a file of tests of a limit that several dashboard instances share sets up: connections
 * opened on demand (`connect`, one per instance) that all count under one `prefix`, and one that
 * never becomes ready (`unreachable`: a port nobody listens on), to show the limit counting in
 * memory while Redis is away. The prefix's keys are deleted and every connection closed after
 * the file.
 */
export function redisInstances(prefix: string) {
  const connections: Redis[] = [];
  const opened = (connection: Redis): Redis => {
    connections.push(connection);
    return connection;
  };
  afterAll(async () => {
    await deleteKeysUnder(connections[0]!, prefix);
    for (const connection of connections.splice(0)) await closeRedis(connection);
  });
  return {
    connect: (): Redis => opened(connectTestRedis()),
    unreachable: (): Redis => opened(createRedisConnection("redis://127.0.0.1:1", { lazyConnect: true })),
  };
}
