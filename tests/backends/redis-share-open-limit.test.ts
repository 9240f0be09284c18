import { expect, it } from "vitest";
import { createShareOpenLimiter } from "@/lib/sharing/open-rate-limit";
import { keysUnder, randomPrefix, redisInstances } from "../support/redis-test";

// The share links' opening limit on Redis: two instances (two connections) count one budget per
// address between them; while Redis is away, each counts in memory instead of failing the page.
const prefix = randomPrefix();
const { connect, unreachable } = redisInstances(prefix);

it("counts openings from one address across instances, in Redis", async () => {
  const [a, b] = [connect(), connect()];
  await Promise.all([a.ping(), b.ping()]);
  const first = createShareOpenLimiter({ redis: a, keyPrefix: prefix });
  const second = createShareOpenLimiter({ redis: b, keyPrefix: prefix });
  for (let i = 0; i < 30; i += 1) {
    expect(await first.consume("203.0.113.7")).toEqual({ ok: true });
    expect(await second.consume("203.0.113.7")).toEqual({ ok: true });
  }
  expect((await first.consume("203.0.113.7")).ok).toBe(false);
  expect((await second.consume("203.0.113.7")).ok).toBe(false);
  expect(await second.consume("198.51.100.20")).toEqual({ ok: true });
  expect((await keysUnder(a, prefix)).length).toBeGreaterThan(0);
});

it("counts in memory while Redis cannot be reached", async () => {
  const away = unreachable();
  const limiter = createShareOpenLimiter({ redis: away, keyPrefix: prefix });
  for (let i = 0; i < 60; i += 1) expect(await limiter.consume("192.0.2.1")).toEqual({ ok: true });
  expect((await limiter.consume("192.0.2.1")).ok).toBe(false);
});
