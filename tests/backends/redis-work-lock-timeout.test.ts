import type { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { createRedisConnection } from "@/lib/store/redis/connection";
import { RedisWorkLock } from "@/lib/store/redis/redis-work-lock";
import { freePort, hasRedisServerBinary, killRedisServer, startRedisServer } from "../support/redis-server-process";

// A take of a window's lock that times out (Redis slow, or just back from a restart) is not
// dropped by ioredis: it runs late. It must not leave the lock held by nobody for its whole time
// to live (two minutes for a window), which made every instance wait on that window after a
// Redis restart. On a throwaway server: CLIENT PAUSE would hold up any other test's commands.
const opened: Redis[] = [];
const servers: Array<Parameters<typeof killRedisServer>[0]> = [];

afterEach(async () => {
  for (const client of opened.splice(0)) client.disconnect();
  for (const server of servers.splice(0)) await killRedisServer(server);
});

describe.skipIf(!hasRedisServerBinary())("RedisWorkLock, a take that timed out", () => {
  it("leaves no lock behind when the take runs late", async () => {
    const port = await freePort();
    servers.push(await startRedisServer(port));
    const [redis, admin] = [createRedisConnection(`redis://127.0.0.1:${port}`), createRedisConnection(`redis://127.0.0.1:${port}`)];
    opened.push(redis, admin);
    const locks = new RedisWorkLock(redis, { prefix: "t:" });
    expect(await redis.ping()).toBe("PONG");
    // Scripts wait while writes are paused; the take's command times out after 2 s, queued.
    await admin.call("CLIENT", "PAUSE", "3000", "WRITE");
    await expect(locks.tryAcquire("w", 120_000)).rejects.toThrow(/timed out/i);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The pause is over and both queued commands ran, in order.
    expect(await redis.ping()).toBe("PONG");
    expect(await admin.exists("t:lock:w")).toBe(0);
    const token = await locks.tryAcquire("w", 60_000);
    expect(token).not.toBeNull();
    await locks.release("w", token as string);
  });
});
