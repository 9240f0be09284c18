import "server-only";

// At most 60 openings of share links a minute per client address (lib/http/client-address.ts), so a token
// cannot be searched for by brute force and a password link's lock cannot be reached faster.
// One limiter per process, on globalThis (a production build loads this module once per route
// bundle): in memory by default; in Redis when SALESDASH_REDIS_URL is set, so that instances
// share the count. While Redis is away, each instance counts in memory instead of failing the
// page (rate-limiter-flexible's insurance limiter).
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { getProcessState, processShared } from "@/lib/store/process-state";

export const SHARE_OPENS_PER_MINUTE = 60;
const KEY_PREFIX = "salesdash:share-open";

export type ShareOpenAllowance = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface ShareOpenLimiter {
  consume(ip: string): Promise<ShareOpenAllowance>;
}

export function createShareOpenLimiter(options: { redis?: Redis; keyPrefix?: string; points?: number } = {}): ShareOpenLimiter {
  const settings = { points: options.points ?? SHARE_OPENS_PER_MINUTE, duration: 60, keyPrefix: options.keyPrefix ?? KEY_PREFIX };
  const memory = new RateLimiterMemory(settings);
  const limiter: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({ ...settings, storeClient: options.redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
    : memory;
  return {
    async consume(ip) {
      try {
        await limiter.consume(ip);
        return { ok: true };
      } catch (rejection) {
        // A RateLimiterRes is "no points left"; anything else is a store failure the insurance
        // limiter did not absorb: let the opening through rather than lock every reader out.
        if (!(rejection instanceof RateLimiterRes)) return { ok: true };
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
    },
  };
}

export function getShareOpenLimiter(): ShareOpenLimiter {
  return processShared("share-open-limiter", () => createShareOpenLimiter({ redis: getProcessState().redis }));
}

/** Counts one opening from `ip` (clientAddress(await headers())). */
export function consumeShareOpen(ip: string): Promise<ShareOpenAllowance> {
  return getShareOpenLimiter().consume(ip);
}
