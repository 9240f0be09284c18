import { describe, expect, it } from "vitest";
import type { RateLimits } from "@/lib/sales-api/rate-limit";
import { RedisRateLimitStore } from "@/lib/store/redis/redis-rate-limit-store";
import { describeRateLimitStore } from "../support/rate-limit-store-suite";
import { keysUnder, randomPrefix, redisForTests } from "../support/redis-test";

// The Redis request budget: the memory store's behaviour exactly (the shared suite), and the
// reason it exists: two dashboard instances, each with its own connection, never exceed the
// budget between them.
const T0 = Date.UTC(2026, 4, 10, 12, 0, 0);

const backend = redisForTests();

describeRateLimitStore("RedisRateLimitStore", () => new RedisRateLimitStore(backend.redis, { prefix: backend.newPrefix() }));

describe("RedisRateLimitStore across instances", () => {
  const limits: RateLimits = { perMinute: 10, windowMs: 1_000, perDay: 1_000, safetyMarginMs: 100 };
  const window = limits.windowMs + limits.safetyMarginMs;

  it("lets exactly perMinute through between two instances taking at the same moment", async () => {
    const prefix = backend.newPrefix();
    const [one, two] = [new RedisRateLimitStore(backend.connect(), { prefix }), new RedisRateLimitStore(backend.connect(), { prefix })];
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? one : two).take("cred", T0, limits)));
    expect(results.filter((r) => r.ok)).toHaveLength(limits.perMinute);
    expect(results.filter((r) => !r.ok)).toEqual(Array(50).fill({ ok: false, waitMs: window }));
  });

  it("never lets more than perMinute through in any window while both keep taking (property)", async () => {
    const prefix = backend.newPrefix();
    const stores = [new RedisRateLimitStore(backend.connect(), { prefix }), new RedisRateLimitStore(backend.connect(), { prefix })];
    const accepted: number[] = [];
    // Both instances greedy for 5 s of fake time, four concurrent takes each every 13 ms.
    for (let t = T0; t < T0 + 5_000; t += 13) {
      const round = await Promise.all(stores.flatMap((store) => Array.from({ length: 4 }, () => store.take("cred", t, limits))));
      for (const result of round) if (result.ok) accepted.push(t);
    }
    for (const start of accepted) expect(accepted.filter((t) => t >= start && t < start + window).length).toBeLessThanOrEqual(limits.perMinute);
    expect(accepted.length).toBeGreaterThanOrEqual(limits.perMinute * Math.floor(5_000 / (window + 13)));
  });

  it("shares a pause set by one instance with the other", async () => {
    const prefix = backend.newPrefix();
    const [one, two] = [new RedisRateLimitStore(backend.connect(), { prefix }), new RedisRateLimitStore(backend.connect(), { prefix })];
    await one.pause("cred", T0 + 2_000);
    expect(await two.take("cred", T0 + 500, limits)).toEqual({ ok: false, waitMs: 1_500 });
    expect(await two.take("cred", T0 + 2_000, limits)).toEqual({ ok: true });
  });
});

describe("RedisRateLimitStore keys", () => {
  it("keeps a key's log, day count and pause under the prefix, each with an expiry", async () => {
    const prefix = backend.newPrefix();
    const store = new RedisRateLimitStore(backend.redis, { prefix });
    await store.take("cred", T0, { perMinute: 3, windowMs: 1_000, perDay: 10, safetyMarginMs: 100 });
    await store.pause("cred", T0 + 5_000);
    expect((await keysUnder(backend.redis, prefix)).sort()).toEqual([`${prefix}rate:{cred}:day`, `${prefix}rate:{cred}:log`, `${prefix}rate:{cred}:pause`]);
    for (const key of await keysUnder(backend.redis, prefix)) expect(await backend.redis.pttl(key)).toBeGreaterThan(0);
    expect(await backend.redis.hgetall(`${prefix}rate:{cred}:day`)).toEqual({ day: String(Math.floor(T0 / 86_400_000)), count: "1" });
  });

  it("deletes a pause once a take finds it over", async () => {
    const prefix = backend.newPrefix();
    const store = new RedisRateLimitStore(backend.redis, { prefix });
    await store.pause("cred", T0 + 1_000);
    expect(await backend.redis.exists(`${prefix}rate:{cred}:pause`)).toBe(1);
    expect(await store.take("cred", T0 + 1_000, { perMinute: 3, windowMs: 1_000, perDay: 10, safetyMarginMs: 100 })).toEqual({ ok: true });
    expect(await backend.redis.exists(`${prefix}rate:{cred}:pause`)).toBe(0);
  });

  it("uses salesdash: when no prefix is given", async () => {
    const key = `test-${randomPrefix()}`;
    const store = new RedisRateLimitStore(backend.redis);
    try {
      await store.pause(key, T0);
      expect(await backend.redis.exists(`salesdash:rate:{${key}}:pause`)).toBe(1);
    } finally {
      await backend.redis.del(`salesdash:rate:{${key}}:pause`);
    }
  });
});
