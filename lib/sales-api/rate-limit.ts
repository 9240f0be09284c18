// Per-credential request budget: never more than `perMinute` requests in any sliding
// minute, nor `perDay` in a UTC day. A sliding log, because fixed-window and token-bucket
// limiters allow up to twice the rate across a window edge, which the upstream refuses.
// Callers queue (acquire waits) instead of failing.

export interface RateLimits {
  perMinute: number;
  /** The "minute": 60 s against the real API; shorter only in tests. */
  windowMs: number;
  perDay: number;
  /** Added to the minute so that network jitter cannot squeeze N+1 requests into the upstream's window. */
  safetyMarginMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perMinute: 60, windowMs: 60_000, perDay: 50_000, safetyMarginMs: 1_000 };

export type TakeResult = { ok: true } | { ok: false; waitMs: number };

/** Where the request log lives: in memory now, Redis later (a sorted set per key). */
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

export interface AcquireOptions {
  signal?: AbortSignal;
  /** Told how long the request waits for the budget, for progress displays. */
  onWait?: (waitMs: number) => void;
}

export class CredentialRateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
    private readonly clock: () => number = Date.now,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void> = abortableSleep,
  ) {}

  /** Resolves once the request may be sent, and counts it. */
  async acquire(key: string, options: AcquireOptions = {}): Promise<void> {
    for (;;) {
      options.signal?.throwIfAborted();
      const result = await this.store.take(key, this.clock(), this.limits);
      if (result.ok) return;
      options.onWait?.(result.waitMs);
      await this.sleep(result.waitMs, options.signal);
    }
  }

  pause(key: string, until: number): Promise<void> {
    return this.store.pause(key, until);
  }
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
