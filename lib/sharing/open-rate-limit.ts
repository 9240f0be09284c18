import "server-only";

// At most 60 openings of share links a minute per client address (lib/http/client-address.ts), so a token
// cannot be searched for by brute force and a password link's lock cannot be reached faster.
// One limiter per process, on globalThis (a production build loads this module once per route
// bundle): in memory by default; in Redis when SALESDASH_REDIS_URL is set, so that instances
// share the count. While Redis is away, each instance counts in memory instead of failing the
// page (lib/store/point-limiter.ts).
import type { Redis } from "ioredis";
import { pointLimiter } from "@/lib/store/point-limiter";
import { getProcessState, processShared } from "@/lib/store/process-state";

export const SHARE_OPENS_PER_MINUTE = 60;
const KEY_PREFIX = "salesdash:share-open";

export type ShareOpenAllowance = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface ShareOpenLimiter {
  consume(ip: string): Promise<ShareOpenAllowance>;
}

export function createShareOpenLimiter(options: { redis?: Redis; keyPrefix?: string; points?: number } = {}): ShareOpenLimiter {
  const limiter = pointLimiter({ points: options.points ?? SHARE_OPENS_PER_MINUTE, duration: 60, keyPrefix: options.keyPrefix ?? KEY_PREFIX }, options.redis);
  return {
    async consume(ip) {
      const taken = await limiter.take(ip);
      return taken.ok ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(taken.msBeforeNext / 1000)) };
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
