import "server-only";

// The Redis connection of a dashboard instance, tuned for a web server: a request must fail
// within about two seconds when Redis is down (it then shows an honest error, or the caller
// degrades) instead of hanging until the browser gives up, and service must come back on its
// own when Redis does. ioredis's defaults suit a worker that would rather wait: 10 s to connect
// and 20 reconnection attempts (minutes) before a queued command is given up.
import { Redis, type RedisOptions } from "ioredis";
import { log } from "@/lib/log/server-log";

/** At most this long between two reconnection attempts while Redis is away. */
const MAX_RECONNECT_DELAY_MS = 3_000;

/** Backoff between reconnection attempts: 100 ms doubling to 3 s, with jitter so that instances do not reconnect in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(100 * 2 ** Math.min(attempt - 1, 10), MAX_RECONNECT_DELAY_MS);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export const REDIS_CONNECTION_OPTIONS: RedisOptions = {
  connectionName: "salesdash",
  // A server that does not accept the connection within 2 s is treated as down.
  connectTimeout: 2_000,
  // Every command settles within 2 s, answered or not: this bounds a request's wait for Redis
  // whatever the failure (refused, a silent network, a command queued while reconnecting).
  commandTimeout: 2_000,
  // A command queued while disconnected is failed after the next reconnection attempt fails,
  // instead of waiting through 20 of them.
  maxRetriesPerRequest: 1,
  // The offline queue stays on: a store created at the first request sends its first command
  // before the connection is up, which must wait (briefly, bounded by the two settings above)
  // rather than fail with "Stream isn't writeable".
  enableOfflineQueue: true,
  // Never stop reconnecting: a dashboard that outlives a Redis restart must use it again.
  retryStrategy: (attempt) => reconnectDelay(attempt),
};

/**
 * A client for `url` (redis:// or rediss://) with REDIS_CONNECTION_OPTIONS; `overrides` win.
 * Logs one warning when Redis becomes unreachable and one line when it is back, not one per
 * reconnection attempt (ioredis writes every error to the console when nobody listens).
 */
export function createRedisConnection(url: string, overrides: RedisOptions = {}): Redis {
  const client = new Redis(url, { ...REDIS_CONNECTION_OPTIONS, ...overrides });
  let unavailable = false;
  client.on("error", (error: Error) => {
    if (unavailable) return;
    unavailable = true;
    log("warn", { event: "redis_unavailable", errorName: errorCode(error) });
  });
  client.on("ready", () => {
    if (!unavailable) return;
    unavailable = false;
    log("info", { event: "redis_available" });
  });
  return client;
}

function errorCode(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.name;
}
