import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RedisLeaseStore } from "@/lib/store/redis/redis-lease-store";
import { describeLeaseStore } from "../support/lease-store-suite";
import { closeRedis, connectTestRedis, deleteKeysUnder, keysUnder, randomPrefix } from "../support/redis-test";

// Redis leases: the SQLite store's rules (the shared suite, two connections as two dashboard
// instances), and what only Redis has: the key and its expiry.
const T0 = 1_900_000_000_000;

let redis: Redis;
const connections: Redis[] = [];
const prefixes: string[] = [];

function newPrefix(): string {
  const prefix = randomPrefix();
  prefixes.push(prefix);
  return prefix;
}

function connect(): Redis {
  const connection = connectTestRedis();
  connections.push(connection);
  return connection;
}

beforeAll(() => {
  redis = connect();
});
afterEach(async () => {
  for (const prefix of prefixes.splice(0)) await deleteKeysUnder(redis, prefix);
});
afterAll(async () => {
  for (const connection of connections.splice(0)) await closeRedis(connection);
});

describeLeaseStore("RedisLeaseStore", () => {
  const prefix = newPrefix();
  return [new RedisLeaseStore(connect(), { prefix }), new RedisLeaseStore(connect(), { prefix })];
});

describe("RedisLeaseStore keys", () => {
  it("keeps one hash per lease with its holder and expiry, which Redis drops a minute after it", async () => {
    const prefix = newPrefix();
    const store = new RedisLeaseStore(redis, { prefix });
    await store.lease("sync:acct", "one", 90_000, T0);
    expect(await keysUnder(redis, prefix)).toEqual([`${prefix}lease:sync:acct`]);
    expect(await redis.hgetall(`${prefix}lease:sync:acct`)).toEqual({ holder: "one", expiresAt: String(T0 + 90_000) });
    const ttl = await redis.pttl(`${prefix}lease:sync:acct`);
    expect(ttl).toBeGreaterThan(140_000);
    expect(ttl).toBeLessThanOrEqual(150_000);
  });

  it("is gone from Redis once released", async () => {
    const prefix = newPrefix();
    const store = new RedisLeaseStore(redis, { prefix });
    await store.lease("sync:acct", "one", 90_000, T0);
    await store.releaseLease("sync:acct", "one");
    expect(await keysUnder(redis, prefix)).toEqual([]);
  });
});
