import type { Redis } from "ioredis";
import { afterAll, expect, it } from "vitest";
import { createShareOpenLimiter } from "@/lib/sharing/open-rate-limit";
import { createRedisConnection } from "@/lib/store/redis/connection";
import { closeRedis, connectTestRedis, deleteKeysUnder, keysUnder, randomPrefix } from "../support/redis-test";

// The share links' opening limit on Redis: two instances (two connections) count one budget per
// address between them; while Redis is away, each counts in memory instead of failing the page.
const connections: Redis[] = [];
const prefix = randomPrefix();

function connect(): Redis {
  const connection = connectTestRedis();
  connections.push(connection);
  return connection;
}

afterAll(async () => {
  await deleteKeysUnder(connections[0]!, prefix);
  for (const connection of connections.splice(0)) await closeRedis(connection);
});

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
  // A port nobody listens on: the connection never becomes ready.
  const away = createRedisConnection("redis://127.0.0.1:1", { lazyConnect: true });
  connections.push(away);
  const limiter = createShareOpenLimiter({ redis: away, keyPrefix: prefix });
  for (let i = 0; i < 60; i += 1) expect(await limiter.consume("192.0.2.1")).toEqual({ ok: true });
  expect((await limiter.consume("192.0.2.1")).ok).toBe(false);
});
