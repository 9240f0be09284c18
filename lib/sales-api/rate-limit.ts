// Per-credential request budget: never more than `perMinute` requests in any sliding
// minute, nor `perDay` in a UTC day. A sliding log, because fixed-window and token-bucket
// limiters allow up to twice the rate across a window edge, which the upstream refuses.
// Callers queue (acquire waits) instead of failing. The log itself is a store (lib/store).
import { abortableSleep } from "@/lib/abortable-sleep";
import { MemoryRateLimitStore, type RateLimits, type RateLimitStore } from "@/lib/store/rate-limit-store";

export { MemoryRateLimitStore };
export type { RateLimits, RateLimitStore, TakeResult } from "@/lib/store/rate-limit-store";
export { abortableSleep };

export const DEFAULT_RATE_LIMITS: RateLimits = { perMinute: 60, windowMs: 60_000, perDay: 50_000, safetyMarginMs: 1_000 };

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
