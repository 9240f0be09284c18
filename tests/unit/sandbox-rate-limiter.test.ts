import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../sandbox/rate-limiter";

const T0 = Date.UTC(2026, 5, 15, 12, 0, 0);

describe("sandbox rate limiter", () => {
  it("allows R requests in any 60 s and frees a slot when the oldest leaves the window", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) expect(limiter.take("c", 3, 1000, T0 + i * 1000).ok).toBe(true);
    expect(limiter.take("c", 3, 1000, T0 + 59_000)).toEqual({ ok: false, retryAfterSeconds: 1, scope: "minute" });
    expect(limiter.take("c", 3, 1000, T0 + 60_000).ok).toBe(true); // the first left the window
    expect(limiter.take("c", 3, 1000, T0 + 60_500).ok).toBe(false);
    expect(limiter.take("c", 3, 1000, T0 + 61_000).ok).toBe(true);
  });

  it("computes Retry-After from the oldest request that still counts", () => {
    const limiter = new RateLimiter();
    limiter.take("c", 2, 1000, T0);
    limiter.take("c", 2, 1000, T0 + 20_000);
    expect(limiter.take("c", 2, 1000, T0 + 30_000)).toEqual({ ok: false, retryAfterSeconds: 30, scope: "minute" });
  });

  it("keeps clients apart", () => {
    const limiter = new RateLimiter();
    expect(limiter.take("a", 1, 1000, T0).ok).toBe(true);
    expect(limiter.take("a", 1, 1000, T0).ok).toBe(false);
    expect(limiter.take("b", 1, 1000, T0).ok).toBe(true);
  });

  it("enforces the daily quota until the next UTC midnight", () => {
    const limiter = new RateLimiter();
    expect(limiter.take("c", 100, 2, T0).ok).toBe(true);
    expect(limiter.take("c", 100, 2, T0 + 1).ok).toBe(true);
    expect(limiter.take("c", 100, 2, T0 + 2)).toEqual({ ok: false, retryAfterSeconds: 12 * 3600, scope: "day" });
    expect(limiter.take("c", 100, 2, Date.UTC(2026, 5, 16, 0, 0, 1)).ok).toBe(true);
  });
});
