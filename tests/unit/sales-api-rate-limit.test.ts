import { afterEach, describe, expect, it, vi } from "vitest";
import {
  abortableSleep,
  CredentialRateLimiter,
  DEFAULT_RATE_LIMITS,
  MemoryRateLimitStore,
  type RateLimits,
  type RateLimitStore,
  type TakeResult,
} from "@/lib/sales-api/rate-limit";

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 4, 10, 12, 0, 0);
/** 3 per "minute" of 1000 ms plus a 100 ms margin: a request counts for 1100 ms. */
const LIMITS: RateLimits = { perMinute: 3, windowMs: 1_000, perDay: 1_000, safetyMarginMs: 100 };
const WINDOW = LIMITS.windowMs + LIMITS.safetyMarginMs;

afterEach(() => {
  vi.useRealTimers();
});

describe("DEFAULT_RATE_LIMITS", () => {
  it("is 60 per minute plus a 1 s margin, 50 000 a day", () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ perMinute: 60, windowMs: 60_000, perDay: 50_000, safetyMarginMs: 1_000 });
  });

  it("lets 60 requests through and makes the 61st wait a full minute plus the margin", async () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 60; i++) expect(await store.take("k", T0, DEFAULT_RATE_LIMITS)).toEqual({ ok: true });
    expect(await store.take("k", T0, DEFAULT_RATE_LIMITS)).toEqual({ ok: false, waitMs: 61_000 });
  });
});

describe("MemoryRateLimitStore.take", () => {
  it("allows perMinute requests within the window", async () => {
    const store = new MemoryRateLimitStore();
    expect(await store.take("k", T0, LIMITS)).toEqual({ ok: true });
    expect(await store.take("k", T0 + 10, LIMITS)).toEqual({ ok: true });
    expect(await store.take("k", T0 + 20, LIMITS)).toEqual({ ok: true });
  });

  it("refuses the next one with the exact wait until the oldest leaves the window (window + margin)", async () => {
    const store = new MemoryRateLimitStore();
    for (const t of [T0, T0 + 10, T0 + 20]) await store.take("k", t, LIMITS);
    expect(await store.take("k", T0 + 30, LIMITS)).toEqual({ ok: false, waitMs: WINDOW - 30 });
    expect(await store.take("k", T0 + 1_000, LIMITS)).toEqual({ ok: false, waitMs: 100 }); // the margin still counts
    expect(await store.take("k", T0 + WINDOW - 1, LIMITS)).toEqual({ ok: false, waitMs: 1 });
  });

  it("frees a slot once the oldest request leaves, and only one", async () => {
    const store = new MemoryRateLimitStore();
    for (const t of [T0, T0 + 10, T0 + 20]) await store.take("k", t, LIMITS);
    expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
    // The next oldest (T0 + 10) still counts for 10 ms.
    expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: false, waitMs: 10 });
    expect(await store.take("k", T0 + WINDOW + 10, LIMITS)).toEqual({ ok: true });
  });

  it("does not count refused requests", async () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 3; i++) await store.take("k", T0, LIMITS);
    for (let i = 0; i < 20; i++) expect((await store.take("k", T0 + 500, LIMITS)).ok).toBe(false);
    expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
    expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
    expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
  });

  it("keeps keys independent", async () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 3; i++) await store.take("a", T0, LIMITS);
    expect((await store.take("a", T0, LIMITS)).ok).toBe(false);
    for (let i = 0; i < 3; i++) expect(await store.take("b", T0, LIMITS)).toEqual({ ok: true });
    expect((await store.take("b", T0, LIMITS)).ok).toBe(false);
  });

  it("never lets more than perMinute through in any window, unlike a fixed window (property)", async () => {
    const store = new MemoryRateLimitStore();
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
    const store = new MemoryRateLimitStore();
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
    const store = new MemoryRateLimitStore();
    const limits: RateLimits = { ...LIMITS, perMinute: 100, perDay: 1 };
    expect(await store.take("a", T0, limits)).toEqual({ ok: true });
    expect((await store.take("a", T0 + 60_000, limits)).ok).toBe(false);
    expect(await store.take("b", T0 + 60_000, limits)).toEqual({ ok: true });
  });

  describe("pause", () => {
    it("blocks a fresh key until its time, then lets requests through", async () => {
      const store = new MemoryRateLimitStore();
      await store.pause("k", T0 + 5_000);
      expect(await store.take("k", T0, LIMITS)).toEqual({ ok: false, waitMs: 5_000 });
      expect(await store.take("k", T0 + 4_999, LIMITS)).toEqual({ ok: false, waitMs: 1 });
      expect(await store.take("k", T0 + 5_000, LIMITS)).toEqual({ ok: true });
    });

    it("blocks a key that already sent requests, without counting the refusals", async () => {
      const store = new MemoryRateLimitStore();
      expect(await store.take("k", T0, LIMITS)).toEqual({ ok: true });
      await store.pause("k", T0 + 3_000);
      expect(await store.take("k", T0 + 10, LIMITS)).toEqual({ ok: false, waitMs: 2_990 });
      for (let i = 0; i < 3; i++) expect(await store.take("k", T0 + 3_000, LIMITS)).toEqual({ ok: true });
      expect((await store.take("k", T0 + 3_000, LIMITS)).ok).toBe(false);
    });

    it("keeps the later of two pauses", async () => {
      const store = new MemoryRateLimitStore();
      await store.pause("k", T0 + 5_000);
      await store.pause("k", T0 + 2_000);
      expect(await store.take("k", T0 + 3_000, LIMITS)).toEqual({ ok: false, waitMs: 2_000 });
      await store.pause("k", T0 + 8_000);
      expect(await store.take("k", T0 + 6_000, LIMITS)).toEqual({ ok: false, waitMs: 2_000 });
    });

    it("pauses only its key", async () => {
      const store = new MemoryRateLimitStore();
      await store.pause("a", T0 + 5_000);
      expect(await store.take("b", T0, LIMITS)).toEqual({ ok: true });
    });
  });
});

/** A clock the fake sleep moves forward, so that waiting takes no real time. */
function fakeTime(start = T0) {
  const time = { now: start };
  const clock = () => time.now;
  const sleep = vi.fn(async (ms: number, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    time.now += ms;
  });
  return { time, clock, sleep };
}

describe("CredentialRateLimiter.acquire", () => {
  it("does not wait while the budget allows", async () => {
    const { clock, sleep } = fakeTime();
    const limiter = new CredentialRateLimiter(new MemoryRateLimitStore(), LIMITS, clock, sleep);
    const onWait = vi.fn();
    for (let i = 0; i < 3; i++) await limiter.acquire("k", { onWait });
    expect(sleep).not.toHaveBeenCalled();
    expect(onWait).not.toHaveBeenCalled();
  });

  it("waits exactly what the store says, tells onWait, then counts the request", async () => {
    const { time, clock, sleep } = fakeTime();
    const store = new MemoryRateLimitStore();
    const limiter = new CredentialRateLimiter(store, LIMITS, clock, sleep);
    for (let i = 0; i < 3; i++) await limiter.acquire("k");
    time.now = T0 + 400;
    const onWait = vi.fn();
    await limiter.acquire("k", { onWait });
    expect(onWait).toHaveBeenCalledTimes(1);
    expect(onWait).toHaveBeenCalledWith(WINDOW - 400);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep.mock.calls[0]?.[0]).toBe(WINDOW - 400);
    expect(time.now).toBe(T0 + WINDOW);
    // The three from T0 have left; the waited one was counted at T0 + WINDOW, so two more fit.
    expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
    expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: true });
    expect(await store.take("k", T0 + WINDOW, LIMITS)).toEqual({ ok: false, waitMs: WINDOW });
  });

  it("passes the key, the clock's time and its limits to the store, and keeps asking until allowed", async () => {
    const { time, clock, sleep } = fakeTime();
    const answers: TakeResult[] = [{ ok: false, waitMs: 250 }, { ok: false, waitMs: 40 }, { ok: true }];
    const take = vi.fn(async () => answers.shift() as TakeResult);
    const store: RateLimitStore = { take, pause: vi.fn(async () => {}) };
    const onWait = vi.fn();
    await new CredentialRateLimiter(store, LIMITS, clock, sleep).acquire("cred-1", { onWait });
    expect(take.mock.calls).toEqual([
      ["cred-1", T0, LIMITS],
      ["cred-1", T0 + 250, LIMITS],
      ["cred-1", T0 + 290, LIMITS],
    ]);
    expect(onWait.mock.calls).toEqual([[250], [40]]);
    expect(sleep.mock.calls.map((call) => call[0])).toEqual([250, 40]);
    expect(time.now).toBe(T0 + 290);
  });

  it("uses the default limits when none are given", async () => {
    const { clock, sleep } = fakeTime();
    const limiter = new CredentialRateLimiter(new MemoryRateLimitStore(), undefined, clock, sleep);
    for (let i = 0; i < 60; i++) await limiter.acquire("k");
    expect(sleep).not.toHaveBeenCalled();
    await limiter.acquire("k");
    expect(sleep.mock.calls[0]?.[0]).toBe(61_000);
  });

  it("rejects at once with the reason of an already aborted signal, without taking a slot", async () => {
    const { clock, sleep } = fakeTime();
    const store = new MemoryRateLimitStore();
    const take = vi.spyOn(store, "take");
    const limiter = new CredentialRateLimiter(store, LIMITS, clock, sleep);
    const controller = new AbortController();
    const reason = new Error("user left");
    controller.abort(reason);
    await expect(limiter.acquire("k", { signal: controller.signal })).rejects.toBe(reason);
    expect(take).not.toHaveBeenCalled();
    expect(sleep).not.toHaveBeenCalled();
  });

  it("passes the signal to the sleep, so an abort while waiting rejects", async () => {
    const { clock, sleep } = fakeTime();
    const store = new MemoryRateLimitStore();
    const limiter = new CredentialRateLimiter(store, LIMITS, clock, sleep);
    for (let i = 0; i < 3; i++) await limiter.acquire("k");
    const controller = new AbortController();
    const reason = new Error("cancelled");
    await expect(limiter.acquire("k", { signal: controller.signal, onWait: () => controller.abort(reason) })).rejects.toBe(reason);
    expect(sleep.mock.calls[0]?.[1]).toBe(controller.signal);
  });

  it("does not take a slot after the wait when the signal was aborted meanwhile", async () => {
    const { time, clock } = fakeTime();
    const controller = new AbortController();
    // A sleep that ignores the signal: the limiter itself must notice the abort.
    const sleep = vi.fn(async (ms: number) => {
      time.now += ms;
      controller.abort(new Error("gone"));
    });
    const store = new MemoryRateLimitStore();
    const limiter = new CredentialRateLimiter(store, LIMITS, clock, sleep);
    for (let i = 0; i < 3; i++) await limiter.acquire("k");
    const take = vi.spyOn(store, "take");
    await expect(limiter.acquire("k", { signal: controller.signal })).rejects.toThrow("gone");
    expect(take).toHaveBeenCalledTimes(1);
    // The slot freed by the wait is still free.
    expect(await store.take("k", time.now, LIMITS)).toEqual({ ok: true });
  });

  it("waits for a pause set through the limiter", async () => {
    const { time, clock, sleep } = fakeTime();
    const limiter = new CredentialRateLimiter(new MemoryRateLimitStore(), LIMITS, clock, sleep);
    await limiter.pause("k", T0 + 2_500);
    const onWait = vi.fn();
    await limiter.acquire("k", { onWait });
    expect(onWait.mock.calls).toEqual([[2_500]]);
    expect(time.now).toBe(T0 + 2_500);
    await limiter.acquire("other");
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it("delegates pause to the store", async () => {
    const pause = vi.fn(async () => {});
    const store: RateLimitStore = { take: vi.fn(async () => ({ ok: true }) as const), pause };
    await new CredentialRateLimiter(store, LIMITS).pause("k", T0 + 1);
    expect(pause).toHaveBeenCalledWith("k", T0 + 1);
  });
});

describe("abortableSleep", () => {
  it("resolves after the given time and not before", async () => {
    vi.useFakeTimers();
    let done = false;
    const sleeping = abortableSleep(1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await sleeping;
  });

  it("rejects with the signal's reason when aborted, and clears its timer", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    const reason = new Error("stop");
    controller.abort(reason);
    await expect(sleeping).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects at once, without a timer, when the signal is already aborted", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    controller.abort(new Error("already"));
    await expect(abortableSleep(60_000, controller.signal)).rejects.toThrow("already");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("removes its abort listener once it has slept", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, "removeEventListener");
    const sleeping = abortableSleep(10, controller.signal);
    await vi.advanceTimersByTimeAsync(10);
    await sleeping;
    expect(remove).toHaveBeenCalledWith("abort", expect.any(Function));
  });
});
