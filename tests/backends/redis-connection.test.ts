import type { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { setLogSink } from "@/lib/log/server-log";
import { createRedisConnection } from "@/lib/store/redis/connection";
import { isRedisUnavailable } from "@/lib/store/redis/errors";
import { TEST_REDIS_URL } from "../support/redis-test";
import { freePort, hasRedisServerBinary, killRedisServer, startRedisServer } from "../support/redis-server-process";

// The dashboard's Redis connection: commands fail within seconds, with an error the stores'
// callers can recognise, while Redis is away, and work again once it is back.
const FAST_MS = 5_000;
const opened: Redis[] = [];
const stopServers: Array<() => Promise<void>> = [];

function open(url: string): Redis {
  const client = createRedisConnection(url);
  opened.push(client);
  return client;
}

/** The command's rejection (or undefined if it succeeded) and how long it took. */
async function outcome(command: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await command.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

afterEach(async () => {
  for (const client of opened.splice(0)) client.disconnect();
  for (const stop of stopServers.splice(0)) await stop();
});

describe("createRedisConnection", () => {
  it("answers commands", async () => {
    expect(await open(TEST_REDIS_URL).ping()).toBe("PONG");
  });

  it("fails a command fast when nothing listens, with an error isRedisUnavailable recognises, and again later", async () => {
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      const client = open("redis://127.0.0.1:1");
      const first = await outcome(client.ping());
      expect(isRedisUnavailable(first.error)).toBe(true);
      expect(first.ms).toBeLessThan(FAST_MS);
      // Later, with the reconnection backoff grown, a command still does not wait for it.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const later = await outcome(client.get("k"));
      expect(isRedisUnavailable(later.error)).toBe(true);
      expect(later.ms).toBeLessThan(FAST_MS);
    } finally {
      setLogSink(previous);
    }
    // One warning for the outage, not one per reconnection attempt; no URL in it.
    const events = lines.map((line) => JSON.parse(line) as { event: string; error_name?: string });
    expect(events).toEqual([expect.objectContaining({ event: "redis_unavailable", error_name: "ECONNREFUSED" })]);
  });

  it("fails fast against a server that accepts connections but never answers", async () => {
    // A TCP listener that is not Redis: the connection opens, the ready check gets no answer.
    const net = await import("node:net");
    const sockets = new Set<import("node:net").Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    stopServers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const { port } = silent.address() as import("node:net").AddressInfo;
    const previous = setLogSink(() => undefined);
    try {
      const { error, ms } = await outcome(open(`redis://127.0.0.1:${port}`).ping());
      expect(isRedisUnavailable(error)).toBe(true);
      expect(ms).toBeLessThan(FAST_MS);
    } finally {
      setLogSink(previous);
    }
  });

  it.skipIf(!hasRedisServerBinary())("works again by itself once a Redis that went away is back", async () => {
    const port = await freePort();
    let server = await startRedisServer(port);
    stopServers.push(() => killRedisServer(server));
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      const client = open(`redis://127.0.0.1:${port}`);
      await client.set("k", "before");
      await killRedisServer(server);
      const down = await outcome(client.get("k"));
      expect(isRedisUnavailable(down.error)).toBe(true);
      expect(down.ms).toBeLessThan(FAST_MS);
      server = await startRedisServer(port);
      // The backoff is at most 3 s: within 10 s the client is back without being told.
      const deadline = Date.now() + 10_000;
      let answer: string | null | undefined;
      while (answer === undefined && Date.now() < deadline) {
        answer = await client.get("k").catch(() => undefined);
        if (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(answer).toBeNull(); // a new, empty server
    } finally {
      setLogSink(previous);
    }
    expect(lines.map((line) => (JSON.parse(line) as { event: string }).event)).toEqual(["redis_unavailable", "redis_available"]);
  });
});
