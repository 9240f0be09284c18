import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, type RateLimits, type RateLimitStore } from "@/lib/sales-api/rate-limit";

// What every RateLimitStore must do, run against each back-end (the memory store in
// tests/unit, Redis in tests/backends): the same answers, to the millisecond, for the same calls.
// `open` gives a store with no history; the caller cleans up what it opened.

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 4, 10, 12, 0, 0);
/** 3 per "minute" of 1000 ms plus a 100 ms margin: a request counts for 1100 ms. */
const LIMITS: RateLimits = { perMinute: 3, windowMs: 1_000, perDay: 1_000, safetyMarginMs: 100 };
const WINDOW = LIMITS.windowMs + LIMITS.safetyMarginMs;

export function describeRateLimitStore(name: string, open: () => RateLimitStore | Promise<RateLimitStore>): void {
  describe(`${name}.take`, () => {
    it("with the default limits, lets 60 requests through and makes the 61st wait a full minute plus the margin", async () => {
      const store = await open();
      for (let i = 0; i < 60; i++) expect(await store.take("k", T0, DEFAULT_RATE_LIMITS)).toEqual({ ok: true });
      expect(await store.take("k", T0, DEFAULT_RATE_LIMITS)).toEqual({ ok: false, waitMs: 61_000 });
    });

    it("allows perMinute requests within the window", async () => {
      const store = await open();
      expect(await store.take("k", T0, LIMITS)).toEqual({ ok: true });
      expect(await store.take("k", T0 + 10, LIMITS)).toEqual({ ok: true });
      expect(await store.take("k", T0 + 20, LIMITS)).toEqual({ ok: true });
    });

    it("refuses the next one with the exact wait until the oldest leaves the window (window + margin)", async () => {
      const store = await open();
      for (const t of [T0, T0 + 10, T0 + 20]) await store.take("k", t, LIMITS);
      expect(await store.take("k", T0 + 30, LIMITS)).toEqual({ ok: false, waitMs: WINDOW - 30 });
      expect(await store.take("k", T0 + 1_000, LIMITS)).toEqual({ ok: false, waitMs: 100 }); // the margin still counts
      expect(await store.take("k", T0 + WINDOW - 1, LIMITS)).toEqual({ ok: false, waitMs: 1 });
    });

    it("frees a slot once the oldest request leaves, and only one", async () => {
      const store = await open();
      for (const t of [T0, T0 + 10, T0 + 20]) await store.take("k", t, LIMITS);
      expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
      // The next oldest (T0 + 10) still counts for 10 ms.
      expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: false, waitMs: 10 });
      expect(await store.take("k", T0 + WINDOW + 10, LIMITS)).toEqual({ ok: true });
    });

    it("does not count refused requests", async () => {
      const store = await open();
      for (let i = 0; i < 3; i++) await store.take("k", T0, LIMITS);
      for (let i = 0; i < 20; i++) expect((await store.take("k", T0 + 500, LIMITS)).ok).toBe(false);
      expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
      expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
      expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
    });

    it("keeps keys independent", async () => {
      const store = await open();
      for (let i = 0; i < 3; i++) await store.take("a", T0, LIMITS);
      expect((await store.take("a", T0, LIMITS)).ok).toBe(false);
      for (let i = 0; i < 3; i++) expect(await store.take("b", T0, LIMITS)).toEqual({ ok: true });
      expect((await store.take("b", T0, LIMITS)).ok).toBe(false);
    });

    it("never lets more than perMinute through in any window, unlike a fixed window (property)", async () => {
      const store = await open();
      const accepted: number[] = [];
      // A greedy caller trying every 7 ms for 10 s.
      for (let t = T0; t < T0 + 10_000; t += 7) if ((await store.take("k", t, LIMITS)).ok) accepted.push(t);
      for (const start of accepted) {
        expect(accepted.filter((t) => t >= start && t < start + WINDOW).length).toBeLessThanOrEqual(LIMITS.perMinute);
      }
      // And it is not stingier than the limit: bursts of 3 every ~1100 ms.
      expect(accepted.length).toBeGreaterThanOrEqual(3 * Math.floor(10_000 / (WINDOW + 7)));
    });

    it("enforces the daily quota until the next UTC midnight", async () => {
      const store = await open();
      const limits: RateLimits = { ...LIMITS, perMinute: 100, perDay: 2 };
      const lateEvening = Date.UTC(2026, 4, 10, 23, 59, 0);
      expect(await store.take("k", Date.UTC(2026, 4, 10, 8), limits)).toEqual({ ok: true });
      expect(await store.take("k", Date.UTC(2026, 4, 10, 20), limits)).toEqual({ ok: true });
      expect(await store.take("k", lateEvening, limits)).toEqual({ ok: false, waitMs: 60_000 });
      expect(await store.take("k", Date.UTC(2026, 4, 11) - 1, limits)).toEqual({ ok: false, waitMs: 1 });
      expect(await store.take("k", Date.UTC(2026, 4, 11), limits)).toEqual({ ok: true });
      expect(await store.take("k", Date.UTC(2026, 4, 11, 0, 0, 5), limits)).toEqual({ ok: true });
      expect(await store.take("k", Date.UTC(2026, 4, 11, 0, 0, 10), limits)).toEqual({ ok: false, waitMs: DAY_MS - 10_000 });
    });

    it("counts the daily quota per key", async () => {
      const store = await open();
      const limits: RateLimits = { ...LIMITS, perMinute: 100, perDay: 1 };
      expect(await store.take("a", T0, limits)).toEqual({ ok: true });
      expect((await store.take("a", T0 + 60_000, limits)).ok).toBe(false);
      expect(await store.take("b", T0 + 60_000, limits)).toEqual({ ok: true });
    });

    describe("pause", () => {
      it("blocks a fresh key until its time, then lets requests through", async () => {
        const store = await open();
        await store.pause("k", T0 + 5_000);
        expect(await store.take("k", T0, LIMITS)).toEqual({ ok: false, waitMs: 5_000 });
        expect(await store.take("k", T0 + 4_999, LIMITS)).toEqual({ ok: false, waitMs: 1 });
        expect(await store.take("k", T0 + 5_000, LIMITS)).toEqual({ ok: true });
      });

      it("blocks a key that already sent requests, without counting the refusals", async () => {
        const store = await open();
        expect(await store.take("k", T0, LIMITS)).toEqual({ ok: true });
        await store.pause("k", T0 + 3_000);
        expect(await store.take("k", T0 + 10, LIMITS)).toEqual({ ok: false, waitMs: 2_990 });
        for (let i = 0; i < 3; i++) expect(await store.take("k", T0 + 3_000, LIMITS)).toEqual({ ok: true });
        expect((await store.take("k", T0 + 3_000, LIMITS)).ok).toBe(false);
      });

      it("keeps the later of two pauses", async () => {
        const store = await open();
        await store.pause("k", T0 + 5_000);
        await store.pause("k", T0 + 2_000);
        expect(await store.take("k", T0 + 3_000, LIMITS)).toEqual({ ok: false, waitMs: 2_000 });
        await store.pause("k", T0 + 8_000);
        expect(await store.take("k", T0 + 6_000, LIMITS)).toEqual({ ok: false, waitMs: 2_000 });
      });

      it("pauses only its key", async () => {
        const store = await open();
        await store.pause("a", T0 + 5_000);
        expect(await store.take("b", T0, LIMITS)).toEqual({ ok: true });
      });

      it("can be paused again after a pause has passed", async () => {
        const store = await open();
        await store.pause("k", T0 + 1_000);
        expect(await store.take("k", T0 + 1_000, LIMITS)).toEqual({ ok: true });
        await store.pause("k", T0 + 2_000);
        expect(await store.take("k", T0 + 1_500, LIMITS)).toEqual({ ok: false, waitMs: 500 });
      });
    });
  });
}
