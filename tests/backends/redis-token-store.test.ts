import { describe, expect, it, vi } from "vitest";
import { AccessTokenCache } from "@/lib/sales-api/access-tokens";
import { RedisTokenStore } from "@/lib/store/redis/redis-token-store";
import { RedisWorkLock } from "@/lib/store/redis/redis-work-lock";
import { describeTokenStore } from "../support/token-store-suite";
import { keysUnder, redisForTests } from "../support/redis-test";

// Flow B tokens in Redis: the memory store's behaviour (the shared suite), sealed so that
// Redis holds no readable token, and shared by two instances (two connections) that exchange
// once between them.
const SECRET = "a-server-secret-of-enough-length-for-tests";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl";
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);

const backend = redisForTests();

describeTokenStore("RedisTokenStore", () => new RedisTokenStore(backend.redis, SECRET, { prefix: backend.newPrefix() }));

describe("RedisTokenStore in Redis", () => {
  it("keeps {prefix}token:{identity} sealed: neither the token nor its renewal time can be read", async () => {
    const prefix = backend.newPrefix();
    await new RedisTokenStore(backend.redis, SECRET, { prefix }).set("id-a", { token: TOKEN, renewAt: T0 }, 60_000);
    expect(await keysUnder(backend.redis, prefix)).toEqual([`${prefix}token:id-a`]);
    const raw = (await backend.redis.get(`${prefix}token:id-a`)) as string;
    expect(raw).not.toContain(TOKEN);
    // Not "eyJ" alone: three random base64url characters of a sealed value can spell it (seen in CI).
    for (const segment of TOKEN.split(".")) expect(raw).not.toContain(segment);
    for (const part of raw.split(".")) expect(Buffer.from(part, "base64url").toString("latin1")).not.toMatch(/eyJ[A-Za-z0-9_-]{8}|\{"alg"/);
    expect(raw).not.toContain(String(T0));
  });

  it("lets Redis drop the token at its renewal time, and keeps none already due", async () => {
    const prefix = backend.newPrefix();
    const store = new RedisTokenStore(backend.redis, SECRET, { prefix });
    await store.set("id", { token: TOKEN, renewAt: T0 }, 60_000);
    const ttl = await backend.redis.pttl(`${prefix}token:id`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.set("id", { token: "due", renewAt: T0 }, 0);
    expect(await store.get("id")).toBeUndefined();
    expect(await keysUnder(backend.redis, prefix)).toEqual([]);
    await store.set("id", { token: TOKEN, renewAt: T0 }, 150);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.get("id")).toBeUndefined();
  });

  it("reads a token sealed for another identity, or under another secret, as absent", async () => {
    const prefix = backend.newPrefix();
    const store = new RedisTokenStore(backend.redis, SECRET, { prefix });
    await store.set("id-a", { token: TOKEN, renewAt: T0 }, 60_000);
    await backend.redis.set(`${prefix}token:id-b`, (await backend.redis.get(`${prefix}token:id-a`)) as string);
    expect(await store.get("id-b")).toBeUndefined();
    expect(await new RedisTokenStore(backend.redis, `${SECRET}-rotated`, { prefix }).get("id-a")).toBeUndefined();
    await backend.redis.set(`${prefix}token:id-c`, "garbage");
    expect(await store.get("id-c")).toBeUndefined();
  });

  it("shares tokens between instances with the same secret", async () => {
    const prefix = backend.newPrefix();
    await new RedisTokenStore(backend.connect(), SECRET, { prefix }).set("id", { token: TOKEN, renewAt: T0 }, 60_000);
    expect(await new RedisTokenStore(backend.connect(), SECRET, { prefix }).get("id")).toEqual({ token: TOKEN, renewAt: T0 });
  });
});

describe("AccessTokenCache over Redis, two instances", () => {
  function instance(prefix: string): AccessTokenCache {
    const connection = backend.connect();
    return new AccessTokenCache({
      clock: () => T0,
      store: new RedisTokenStore(connection, SECRET, { prefix }),
      exchangeLock: new RedisWorkLock(connection, { prefix, pollMs: 10 }),
    });
  }

  it("exchange once between them when both need a token at the same time", async () => {
    const prefix = backend.newPrefix();
    const [one, two] = [instance(prefix), instance(prefix)];
    const exchange = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return `opaque-${exchange.mock.calls.length}`;
    });
    const tokens = await Promise.all([one.get("id", exchange), two.get("id", exchange), one.get("id", exchange), two.get("id", exchange)]);
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(new Set(tokens)).toEqual(new Set(["opaque-1"]));
    // The lock is gone; the sealed token stays.
    expect(await keysUnder(backend.redis, prefix)).toEqual([`${prefix}token:id`]);
  });

  it("exchange again on both once one invalidated the token after a 401", async () => {
    const prefix = backend.newPrefix();
    const [one, two] = [instance(prefix), instance(prefix)];
    await one.get("id", async () => "first");
    await two.invalidate("id", "first");
    const exchange = vi.fn(async () => "second");
    expect(await one.get("id", exchange)).toBe("second");
    expect(await two.get("id", exchange)).toBe("second");
    expect(exchange).toHaveBeenCalledTimes(1);
  });
});
