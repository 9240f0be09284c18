import { describe, expect, it } from "vitest";
import { createShareOpenLimiter, SHARE_OPENS_PER_MINUTE } from "@/lib/sharing/open-rate-limit";

describe("the opening limit (in memory)", () => {
  it("lets 60 openings a minute through per address, then says when to come back", async () => {
    const limiter = createShareOpenLimiter();
    expect(SHARE_OPENS_PER_MINUTE).toBe(60);
    for (let i = 0; i < 60; i += 1) expect(await limiter.consume("203.0.113.7")).toEqual({ ok: true });
    const refused = await limiter.consume("203.0.113.7");
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // Another address has its own count.
    expect(await limiter.consume("198.51.100.20")).toEqual({ ok: true });
  });
});
