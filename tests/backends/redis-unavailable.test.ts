import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AccessTokenCache } from "@/lib/sales-api/access-tokens";
import { DEFAULT_RATE_LIMITS } from "@/lib/sales-api/rate-limit";
import { setLogSink, type LogSink } from "@/lib/log/server-log";
import { createRedisConnection } from "@/lib/store/redis/connection";
import { isRedisUnavailable } from "@/lib/store/redis/errors";
import { RedisRateLimitStore } from "@/lib/store/redis/redis-rate-limit-store";
import { RedisTokenStore } from "@/lib/store/redis/redis-token-store";
import { RedisWorkLock } from "@/lib/store/redis/redis-work-lock";

// Every store over a Redis that is not there (nothing listens on port 1): each operation
// rejects within seconds with an error isRedisUnavailable recognises, so that a request shows
// an error, or its caller degrades, instead of hanging.
const FAST_MS = 5_000;
const SECRET = "a-server-secret-of-enough-length-for-tests";

let dead: Redis;
let previousSink: LogSink;

beforeAll(() => {
  previousSink = setLogSink(() => undefined); // the connection's "redis_unavailable" warning
  dead = createRedisConnection("redis://127.0.0.1:1");
});
afterAll(() => {
  dead.disconnect();
  setLogSink(previousSink);
});

const operations: Array<[string, () => Promise<unknown>]> = [
  ["RedisRateLimitStore.take", () => new RedisRateLimitStore(dead).take("cred", Date.now(), DEFAULT_RATE_LIMITS)],
  ["RedisRateLimitStore.pause", () => new RedisRateLimitStore(dead).pause("cred", Date.now() + 1_000)],
  ["RedisTokenStore.get", () => new RedisTokenStore(dead, SECRET).get("id")],
  ["RedisTokenStore.set", () => new RedisTokenStore(dead, SECRET).set("id", { token: "t", renewAt: Date.now() + 60_000 }, 60_000)],
  ["RedisTokenStore.deleteIfSame", () => new RedisTokenStore(dead, SECRET).deleteIfSame("id", "t")],
  ["RedisWorkLock.tryAcquire", () => new RedisWorkLock(dead).tryAcquire("work", 10_000)],
  ["RedisWorkLock.release", () => new RedisWorkLock(dead).release("work", "token")],
  ["RedisWorkLock.waitUntilReleased", () => new RedisWorkLock(dead).waitUntilReleased("work", { timeoutMs: 60_000 })],
];

describe("stores whose Redis is away", () => {
  it.each(operations)("%s fails fast with an error isRedisUnavailable recognises", async (_, operation) => {
    const started = Date.now();
    const error = await operation().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(isRedisUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(FAST_MS);
  });

  it("AccessTokenCache over them fails a request fast, without exchanging a token it could not keep", async () => {
    const cache = new AccessTokenCache({ store: new RedisTokenStore(dead, SECRET), exchangeLock: new RedisWorkLock(dead) });
    const exchange = vi.fn(async () => "token");
    const started = Date.now();
    const error = await cache.get("id", exchange).catch((e: unknown) => e);
    expect(isRedisUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(FAST_MS);
    expect(exchange).not.toHaveBeenCalled();
  });
});
