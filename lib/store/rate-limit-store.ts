// The per-credential request log the rate limiter (lib/sales-api/rate-limit.ts) reads and
// writes: a sliding log of the requests sent and a pause after a 429. In this process's memory
// by default; in Redis for several instances (redis/redis-rate-limit-store.ts).

export interface RateLimits {
  perMinute: number;
  /** The "minute": 60 s against the real API; shorter only in tests. */
  windowMs: number;
  perDay: number;
  /** Added to the minute so that network jitter cannot squeeze N+1 requests into the upstream's window. */
  safetyMarginMs: number;
}

export type TakeResult = { ok: true } | { ok: false; waitMs: number };

/** Where the request log lives: in memory, or Redis (a sorted set per key). */
export interface RateLimitStore {
  take(key: string, now: number, limits: RateLimits): Promise<TakeResult>;
  /** After a 429: nothing is sent for `key` before `until`. */
  pause(key: string, until: number): Promise<void>;
}

const DAY_MS = 86_400_000;

interface Log { sent: number[]; day: number; dayCount: number; pausedUntil: number }

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, Log>();

  async take(key: string, now: number, limits: RateLimits): Promise<TakeResult> {
    const log = this.logs.get(key) ?? { sent: [], day: Math.floor(now / DAY_MS), dayCount: 0, pausedUntil: 0 };
    this.logs.set(key, log);
    if (log.pausedUntil > now) return { ok: false, waitMs: log.pausedUntil - now };
    const windowMs = limits.windowMs + limits.safetyMarginMs;
    while (log.sent.length > 0 && (log.sent[0] as number) <= now - windowMs) log.sent.shift();
    const today = Math.floor(now / DAY_MS);
    if (log.day !== today) Object.assign(log, { day: today, dayCount: 0 });
    if (log.dayCount >= limits.perDay) return { ok: false, waitMs: (today + 1) * DAY_MS - now };
    if (log.sent.length >= limits.perMinute) {
      const oldest = log.sent[log.sent.length - limits.perMinute] as number;
      return { ok: false, waitMs: Math.max(1, oldest + windowMs - now) };
    }
    log.sent.push(now);
    log.dayCount++;
    return { ok: true };
  }

  async pause(key: string, until: number): Promise<void> {
    const log = this.logs.get(key);
    if (log) log.pausedUntil = Math.max(log.pausedUntil, until);
    else this.logs.set(key, { sent: [], day: Math.floor(until / DAY_MS), dayCount: 0, pausedUntil: until });
  }
}
