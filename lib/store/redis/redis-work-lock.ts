import "server-only";

// A WorkLock shared by every dashboard instance: {prefix}lock:{key} holds the holder's random
// token, set with SET NX PX (Redis's own clock expires it) and deleted only by a script that
// checks the token first. Waiting polls the key: a subscription would need a connection of its
// own per instance and keyspace notifications switched on in the server's configuration, and a
// poll of EXISTS every 50 ms per waiter is nothing at a dashboard's scale.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { abortableSleep } from "@/lib/abortable-sleep";
import type { WaitUntilReleasedOptions, WorkLock } from "../work-lock";
import { defineScript, type RedisScript } from "./define-script";
import { DEFAULT_KEY_PREFIX, type RedisStoreOptions } from "./store-keys";

// ioredis sends a command again after a reconnection when its answer was lost; if the first
// SET had taken the lock, the second would fail and the caller would think another holds it.
// Answering yes when the key already holds this very token makes the take safe to repeat.
const ACQUIRE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then return 1 end
return 0
`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`;

export interface RedisWorkLockOptions extends RedisStoreOptions {
  /** How often a waiter looks whether the lock is free; 50 ms unless given. */
  pollMs?: number;
}

export class RedisWorkLock implements WorkLock {
  private readonly prefix: string;
  private readonly pollMs: number;
  private readonly acquireScript: RedisScript;
  private readonly releaseScript: RedisScript;

  constructor(
    private readonly redis: Redis,
    options: RedisWorkLockOptions = {},
  ) {
    this.prefix = options.prefix ?? DEFAULT_KEY_PREFIX;
    this.pollMs = options.pollMs ?? 50;
    this.acquireScript = defineScript(redis, "salesdashLockAcquire", 1, ACQUIRE);
    this.releaseScript = defineScript(redis, "salesdashLockRelease", 1, RELEASE);
  }

  async tryAcquire(key: string, ttlMs: number): Promise<string | null> {
    if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`A lock's time to live must be a positive whole number of milliseconds, not ${ttlMs}`);
    const token = randomUUID();
    try {
      return Number(await this.acquireScript([this.key(key)], [token, ttlMs])) === 1 ? token : null;
    } catch (error) {
      // A take that timed out stays queued in ioredis and may still run once Redis answers
      // again: it would then hold the window for its whole time to live with nobody to release
      // it, and every instance would wait on it. The release, queued behind it on the same
      // connection, undoes that take (and does nothing if it never ran).
      this.release(key, token).catch(() => undefined);
      throw error;
    }
  }

  async release(key: string, token: string): Promise<void> {
    await this.releaseScript([this.key(key)], [token]);
  }

  async waitUntilReleased(key: string, { timeoutMs, signal }: WaitUntilReleasedOptions): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      signal?.throwIfAborted();
      if ((await this.redis.exists(this.key(key))) === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await abortableSleep(Math.min(this.pollMs, left), signal);
    }
  }

  private key(key: string): string {
    return `${this.prefix}lock:${key}`;
  }
}
