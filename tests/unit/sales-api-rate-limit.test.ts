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
import { describeRateLimitStore } from "../support/rate-limit-store-suite";

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
});

// The store-level behaviour, shared with the Redis back-end (tests/backends).
describeRateLimitStore("MemoryRateLimitStore", () => new MemoryRateLimitStore());

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
