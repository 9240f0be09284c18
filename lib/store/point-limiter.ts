import "server-only";

// Points per key over a time window (rate-limiter-flexible): in memory, or in Redis when the
// instances share one so that they share the count. While Redis is away each instance counts in
// memory (the library's insurance limiter); a store failure that insurance did not absorb lets
// the request through rather than lock every user out. The share links' opening limit and the
// digests' confirmation limit are both made of these.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";

export interface PointSettings {
  points: number;
  /** Seconds. */
  duration: number;
  keyPrefix: string;
}

export type PointTaken = { ok: true } | { ok: false; msBeforeNext: number };

export interface PointLimiter {
  take(key: string): Promise<PointTaken>;
}

export function pointLimiter(settings: PointSettings, redis?: Redis): PointLimiter {
  const memory = new RateLimiterMemory(settings);
  const limiter: RateLimiterAbstract = redis ? new RateLimiterRedis({ ...settings, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory }) : memory;
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return { ok: true };
      } catch (rejection) {
        // A RateLimiterRes is "no points left"; anything else is a failure of the store.
        if (!(rejection instanceof RateLimiterRes)) return { ok: true };
        return { ok: false, msBeforeNext: rejection.msBeforeNext };
      }
    },
  };
}
