import { describe, expect, it } from "vitest";
import { RedisLeaseStore } from "@/lib/store/redis/redis-lease-store";
import { describeLeaseStore } from "../support/lease-store-suite";
import { keysUnder, redisForTests } from "../support/redis-test";

// Redis leases: the SQLite store's rules (the shared suite, two connections as two dashboard
// instances), and what only Redis has: the key and its expiry.
const T0 = 1_900_000_000_000;

const backend = redisForTests();

describeLeaseStore("RedisLeaseStore", () => {
  const prefix = backend.newPrefix();
  return [new RedisLeaseStore(backend.connect(), { prefix }), new RedisLeaseStore(backend.connect(), { prefix })];
});

describe("RedisLeaseStore keys", () => {
  it("keeps one hash per lease with its holder and expiry, which Redis drops a minute after it", async () => {
    const prefix = backend.newPrefix();
    const store = new RedisLeaseStore(backend.redis, { prefix });
    await store.lease("sync:acct", "one", 90_000, T0);
    expect(await keysUnder(backend.redis, prefix)).toEqual([`${prefix}lease:sync:acct`]);
    expect(await backend.redis.hgetall(`${prefix}lease:sync:acct`)).toEqual({ holder: "one", expiresAt: String(T0 + 90_000) });
    const ttl = await backend.redis.pttl(`${prefix}lease:sync:acct`);
    expect(ttl).toBeGreaterThan(140_000);
    expect(ttl).toBeLessThanOrEqual(150_000);
  });

  it("is gone from Redis once released", async () => {
    const prefix = backend.newPrefix();
    const store = new RedisLeaseStore(backend.redis, { prefix });
    await store.lease("sync:acct", "one", 90_000, T0);
    await store.releaseLease("sync:acct", "one");
    expect(await keysUnder(backend.redis, prefix)).toEqual([]);
  });
});
