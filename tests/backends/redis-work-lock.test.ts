import { describe, expect, it } from "vitest";
import { RedisWorkLock } from "@/lib/store/redis/redis-work-lock";
import { keysUnder, redisForTests } from "../support/redis-test";

// The work lock two dashboard instances use to do a piece of work once: two connections stand
// for the two instances. Its expiry is Redis's own, so the expiry tests wait real (short) time.
const backend = redisForTests();

/** Two instances' locks on the same keys. */
function twoInstances(): [RedisWorkLock, RedisWorkLock, string] {
  const prefix = backend.newPrefix();
  return [new RedisWorkLock(backend.connect(), { prefix, pollMs: 10 }), new RedisWorkLock(backend.connect(), { prefix, pollMs: 10 }), prefix];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("RedisWorkLock.tryAcquire and release", () => {
  it("gives the lock to one instance, refuses the other until the holder releases it", async () => {
    const [one, two] = twoInstances();
    const token = await one.tryAcquire("work", 10_000);
    expect(token).toEqual(expect.any(String));
    expect(await two.tryAcquire("work", 10_000)).toBeNull();
    expect(await one.tryAcquire("work", 10_000)).toBeNull(); // not re-entrant: a second caller of the same instance waits too
    await one.release("work", token as string);
    expect(await two.tryAcquire("work", 10_000)).toEqual(expect.any(String));
  });

  it("ignores a release with another token", async () => {
    const [one, two] = twoInstances();
    const token = await one.tryAcquire("work", 10_000);
    await two.release("work", "not-the-token");
    expect(await two.tryAcquire("work", 10_000)).toBeNull();
    await one.release("work", token as string);
    expect(await two.tryAcquire("work", 10_000)).not.toBeNull();
  });

  it("frees the lock when its time to live runs out, and the late holder's release leaves its successor alone", async () => {
    const [one, two] = twoInstances();
    const late = await one.tryAcquire("work", 100);
    expect(await two.tryAcquire("work", 10_000)).toBeNull();
    await sleep(200);
    const successor = await two.tryAcquire("work", 10_000);
    expect(successor).not.toBeNull();
    await one.release("work", late as string);
    expect(await one.tryAcquire("work", 10_000)).toBeNull();
  });

  it("gives a lock wanted by both instances at once to exactly one caller", async () => {
    const [one, two] = twoInstances();
    for (let round = 0; round < 20; round++) {
      const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? one : two).tryAcquire(`work-${round}`, 10_000)));
      expect(tokens.filter((t) => t !== null)).toHaveLength(1);
    }
  });

  it("keeps locks of different keys apart", async () => {
    const [one] = twoInstances();
    expect(await one.tryAcquire("a", 10_000)).not.toBeNull();
    expect(await one.tryAcquire("b", 10_000)).not.toBeNull();
  });

  it("keeps the token under {prefix}lock:{key} with the time to live", async () => {
    const [one, , prefix] = twoInstances();
    const token = await one.tryAcquire("GET /purchases?from=1", 5_000);
    expect(await keysUnder(backend.redis, prefix)).toEqual([`${prefix}lock:GET /purchases?from=1`]);
    expect(await backend.redis.get(`${prefix}lock:GET /purchases?from=1`)).toBe(token);
    const ttl = await backend.redis.pttl(`${prefix}lock:GET /purchases?from=1`);
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it("refuses a time to live that is not a positive whole number of milliseconds", async () => {
    const [one] = twoInstances();
    for (const ttl of [0, -1, 1.5, Number.NaN]) await expect(one.tryAcquire("work", ttl)).rejects.toThrow(RangeError);
  });
});

describe("RedisWorkLock.waitUntilReleased", () => {
  it("answers true at once for a free key", async () => {
    const [one] = twoInstances();
    expect(await one.waitUntilReleased("work", { timeoutMs: 1_000 })).toBe(true);
  });

  it("answers true soon after the holder on the other instance releases", async () => {
    const [one, two] = twoInstances();
    const token = await one.tryAcquire("work", 10_000);
    const started = Date.now();
    const waiting = two.waitUntilReleased("work", { timeoutMs: 5_000 });
    await sleep(150);
    await one.release("work", token as string);
    expect(await waiting).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("answers true once the lock expires", async () => {
    const [one, two] = twoInstances();
    await one.tryAcquire("work", 150);
    expect(await two.waitUntilReleased("work", { timeoutMs: 5_000 })).toBe(true);
  });

  it("answers false when the lock is still held after timeoutMs", async () => {
    const [one, two] = twoInstances();
    await one.tryAcquire("work", 10_000);
    const started = Date.now();
    expect(await two.waitUntilReleased("work", { timeoutMs: 200 })).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("rejects with the signal's reason when aborted while waiting, or already aborted", async () => {
    const [one, two] = twoInstances();
    await one.tryAcquire("work", 10_000);
    const controller = new AbortController();
    const reason = new Error("the page was closed");
    const waiting = two.waitUntilReleased("work", { timeoutMs: 5_000, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(waiting).rejects.toBe(reason);
    await expect(two.waitUntilReleased("work", { timeoutMs: 5_000, signal: controller.signal })).rejects.toBe(reason);
  });
});
