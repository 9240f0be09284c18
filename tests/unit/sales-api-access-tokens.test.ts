import { describe, expect, it, vi } from "vitest";
import { AccessTokenCache } from "@/lib/sales-api/access-tokens";
import { MemoryTokenStore, type TokenStore } from "@/lib/store/token-store";
import type { WorkLock } from "@/lib/store/work-lock";
import { MemoryWorkLock } from "@/lib/store/memory-work-lock";

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0); // a whole second, so that `exp` is exact

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** An unsigned test JWT; the cache only reads its `exp`. */
function jwt(payload: Record<string, unknown>): string {
  return `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

function tokenExpiringIn(seconds: number, id = "a"): string {
  return jwt({ sub: id, exp: T0 / 1000 + seconds });
}

function fakeClock() {
  const time = { now: T0 };
  return { time, clock: () => time.now };
}

/** A cache on a fake clock of its own: moving `time.now` moves the cache's clock. */
function cacheOnFakeClock() {
  const { time, clock } = fakeClock();
  return { time, cache: new AccessTokenCache({ clock }) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("AccessTokenCache", () => {
  it("shares one exchange between concurrent callers", async () => {
    const { cache } = cacheOnFakeClock();
    const pending = deferred<string>();
    const exchange = vi.fn(() => pending.promise);
    const callers = [cache.get("id", exchange), cache.get("id", exchange), cache.get("id", exchange)];
    const token = tokenExpiringIn(3600);
    pending.resolve(token);
    expect(await Promise.all(callers)).toEqual([token, token, token]);
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it("reuses a long-lived token until 30 s before its exp", async () => {
    const { time, cache } = cacheOnFakeClock();
    const first = tokenExpiringIn(3600, "first");
    const second = tokenExpiringIn(7200, "second");
    const exchange = vi.fn<() => Promise<string>>().mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    expect(await cache.get("id", exchange)).toBe(first);
    time.now = T0 + 3_600_000 - 30_000 - 1;
    expect(await cache.get("id", exchange)).toBe(first);
    expect(exchange).toHaveBeenCalledTimes(1);
    time.now = T0 + 3_600_000 - 30_000;
    expect(await cache.get("id", exchange)).toBe(second);
    expect(exchange).toHaveBeenCalledTimes(2);
  });

  it("renews a short-lived token a tenth of its remaining lifetime before exp", async () => {
    const { time, cache } = cacheOnFakeClock();
    const short = tokenExpiringIn(100, "short"); // renew 10 s before exp, not 30 s
    const next = tokenExpiringIn(200, "next");
    const exchange = vi.fn<() => Promise<string>>().mockResolvedValueOnce(short).mockResolvedValueOnce(next);
    await cache.get("id", exchange);
    time.now = T0 + 89_999;
    expect(await cache.get("id", exchange)).toBe(short);
    time.now = T0 + 90_000;
    expect(await cache.get("id", exchange)).toBe(next);
    expect(exchange).toHaveBeenCalledTimes(2);
  });

  it("measures the lifetime from when the exchange finished", async () => {
    const { time, cache } = cacheOnFakeClock();
    const pending = deferred<string>();
    const exchange = vi.fn(() => pending.promise);
    const getting = cache.get("id", exchange);
    time.now = T0 + 50_000; // the exchange took 50 s; 50 s of lifetime remain: renew 5 s before exp
    pending.resolve(tokenExpiringIn(100));
    await getting;
    time.now = T0 + 94_999;
    await cache.get("id", exchange);
    expect(exchange).toHaveBeenCalledTimes(1);
    time.now = T0 + 95_000;
    exchange.mockResolvedValueOnce(tokenExpiringIn(500, "b"));
    await cache.get("id", exchange);
    expect(exchange).toHaveBeenCalledTimes(2);
  });

  it("exchanges again on every call for a token that is already expired", async () => {
    const { cache } = cacheOnFakeClock();
    const exchange = vi.fn(async () => tokenExpiringIn(-60));
    await cache.get("id", exchange);
    await cache.get("id", exchange);
    expect(exchange).toHaveBeenCalledTimes(2);
  });

  it("keeps tokens of different identities apart", async () => {
    const { cache } = cacheOnFakeClock();
    const a = tokenExpiringIn(3600, "a");
    const b = tokenExpiringIn(3600, "b");
    expect(await cache.get("id-a", async () => a)).toBe(a);
    expect(await cache.get("id-b", async () => b)).toBe(b);
    const exchange = vi.fn(async () => "unused");
    expect(await cache.get("id-a", exchange)).toBe(a);
    expect(await cache.get("id-b", exchange)).toBe(b);
    expect(exchange).not.toHaveBeenCalled();
  });

  it("does not share a pending exchange between identities", async () => {
    const { cache } = cacheOnFakeClock();
    const pending = deferred<string>();
    const exchangeA = vi.fn(() => pending.promise);
    const exchangeB = vi.fn(async () => "token-b");
    const a = cache.get("id-a", exchangeA);
    expect(await cache.get("id-b", exchangeB)).toBe("token-b");
    pending.resolve("token-a");
    expect(await a).toBe("token-a");
    expect(exchangeB).toHaveBeenCalledTimes(1);
  });

  describe("invalidate", () => {
    it("forgets the token it is given, so the next call exchanges again", async () => {
      const { cache } = cacheOnFakeClock();
      const first = tokenExpiringIn(3600, "first");
      const second = tokenExpiringIn(3600, "second");
      const exchange = vi.fn<() => Promise<string>>().mockResolvedValueOnce(first).mockResolvedValueOnce(second);
      await cache.get("id", exchange);
      cache.invalidate("id", first);
      expect(await cache.get("id", exchange)).toBe(second);
      expect(exchange).toHaveBeenCalledTimes(2);
    });

    it("keeps a newer token that another caller already fetched", async () => {
      const { cache } = cacheOnFakeClock();
      const current = tokenExpiringIn(3600, "current");
      const exchange = vi.fn(async () => current);
      await cache.get("id", exchange);
      cache.invalidate("id", tokenExpiringIn(3600, "stale"));
      expect(await cache.get("id", exchange)).toBe(current);
      expect(exchange).toHaveBeenCalledTimes(1);
    });

    it("does not touch other identities", async () => {
      const { cache } = cacheOnFakeClock();
      const shared = tokenExpiringIn(3600, "same-token");
      await cache.get("id-a", async () => shared);
      await cache.get("id-b", async () => shared);
      cache.invalidate("id-a", shared);
      const exchange = vi.fn(async () => "fresh");
      expect(await cache.get("id-b", exchange)).toBe(shared);
      expect(exchange).not.toHaveBeenCalled();
      expect(await cache.get("id-a", exchange)).toBe("fresh");
    });

    it("is harmless for an unknown identity", () => {
      const cache = new AccessTokenCache({ clock: () => T0 });
      expect(() => cache.invalidate("nobody", "x")).not.toThrow();
    });
  });

  it("keeps a token that is not a JWT for 5 minutes", async () => {
    const { time, cache } = cacheOnFakeClock();
    const exchange = vi.fn<() => Promise<string>>().mockResolvedValueOnce("opaque-1").mockResolvedValueOnce("opaque-2");
    expect(await cache.get("id", exchange)).toBe("opaque-1");
    time.now = T0 + 5 * 60_000 - 1;
    expect(await cache.get("id", exchange)).toBe("opaque-1");
    time.now = T0 + 5 * 60_000;
    expect(await cache.get("id", exchange)).toBe("opaque-2");
    expect(exchange).toHaveBeenCalledTimes(2);
  });

  it("keeps a JWT without exp for 5 minutes", async () => {
    const { time, cache } = cacheOnFakeClock();
    const noExp = jwt({ sub: "x" });
    const exchange = vi.fn<() => Promise<string>>().mockResolvedValueOnce(noExp).mockResolvedValueOnce("next");
    await cache.get("id", exchange);
    time.now = T0 + 5 * 60_000 - 1;
    expect(await cache.get("id", exchange)).toBe(noExp);
    time.now = T0 + 5 * 60_000;
    expect(await cache.get("id", exchange)).toBe("next");
  });

  it("does not keep a failed exchange: the next call exchanges again", async () => {
    const { cache } = cacheOnFakeClock();
    const token = tokenExpiringIn(3600);
    const exchange = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("auth down")).mockResolvedValueOnce(token);
    await expect(cache.get("id", exchange)).rejects.toThrow("auth down");
    expect(await cache.get("id", exchange)).toBe(token);
    expect(exchange).toHaveBeenCalledTimes(2);
  });

  it("fails every caller sharing a failed exchange, then recovers", async () => {
    const { cache } = cacheOnFakeClock();
    const pending = deferred<string>();
    const exchange = vi.fn(() => pending.promise);
    const a = cache.get("id", exchange);
    const b = cache.get("id", exchange);
    const error = new Error("502");
    pending.reject(error);
    await expect(a).rejects.toBe(error);
    await expect(b).rejects.toBe(error);
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(await cache.get("id", async () => "ok")).toBe("ok");
  });

  it("renews again on the next call when a renewal failed", async () => {
    const { time, cache } = cacheOnFakeClock();
    await cache.get("id", async () => tokenExpiringIn(100));
    time.now = T0 + 95_000; // past renewal
    await expect(cache.get("id", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    const exchange = vi.fn(async () => "renewed");
    expect(await cache.get("id", exchange)).toBe("renewed");
    expect(exchange).toHaveBeenCalledTimes(1);
  });
});

describe("AccessTokenCache with a shared store and exchange lock (several instances)", () => {
  /** Two caches sharing a token store and an exchange lock, as two dashboard instances sharing a Redis. */
  function twoInstances(lock: WorkLock = new MemoryWorkLock(), exchangeLockTtlMs = 5_000) {
    const { time, clock } = fakeClock();
    const store: TokenStore = new MemoryTokenStore();
    const make = () => new AccessTokenCache({ clock, store, exchangeLock: lock, exchangeLockTtlMs });
    return { time, store, one: make(), two: make() };
  }

  it("reuses a token another instance kept, without exchanging", async () => {
    const { one, two } = twoInstances();
    const token = tokenExpiringIn(3600);
    await one.get("id", async () => token);
    const exchange = vi.fn(async () => "unused");
    expect(await two.get("id", exchange)).toBe(token);
    expect(exchange).not.toHaveBeenCalled();
  });

  it("exchanges once between two instances asking at the same time; the other waits for its token", async () => {
    const { one, two } = twoInstances();
    const pending = deferred<string>();
    const exchangeOne = vi.fn(() => pending.promise);
    const exchangeTwo = vi.fn(async () => "second exchange");
    const callers = [one.get("id", exchangeOne), two.get("id", exchangeTwo), one.get("id", exchangeOne), two.get("id", exchangeTwo)];
    await new Promise((resolve) => setTimeout(resolve, 30)); // the second instance is waiting by now
    const token = tokenExpiringIn(3600);
    pending.resolve(token);
    expect(await Promise.all(callers)).toEqual([token, token, token, token]);
    expect(exchangeOne).toHaveBeenCalledTimes(1);
    expect(exchangeTwo).not.toHaveBeenCalled();
  });

  it("lets a waiting instance exchange itself when the other's exchange failed", async () => {
    const { one, two } = twoInstances();
    const pending = deferred<string>();
    const first = one.get("id", () => pending.promise);
    const exchangeTwo = vi.fn(async () => "second");
    const second = two.get("id", exchangeTwo);
    await new Promise((resolve) => setTimeout(resolve, 30));
    pending.reject(new Error("502"));
    await expect(first).rejects.toThrow("502");
    expect(await second).toBe("second");
    expect(exchangeTwo).toHaveBeenCalledTimes(1);
  });

  it("takes the lock once an instance that died holding it lets it expire", async () => {
    const lock = new MemoryWorkLock();
    const { two } = twoInstances(lock, 100);
    await lock.tryAcquire("token-exchange:id", 100); // the dead instance's
    const exchange = vi.fn(async () => "mine");
    const started = Date.now();
    expect(await two.get("id", exchange)).toBe("mine");
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("exchanges without the lock rather than wait forever when it never comes free", async () => {
    const lock: WorkLock = { tryAcquire: vi.fn(async () => null), release: vi.fn(async () => {}), waitUntilReleased: vi.fn(async () => false) };
    const { one } = twoInstances(lock, 50);
    const exchange = vi.fn(async () => "anyway");
    expect(await one.get("id", exchange)).toBe("anyway");
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(lock.waitUntilReleased).toHaveBeenCalledTimes(3);
    expect(lock.waitUntilReleased).toHaveBeenCalledWith("token-exchange:id", { timeoutMs: 50 });
  });

  it("uses a token kept between its look and its taking the lock, without exchanging", async () => {
    const { clock } = fakeClock();
    const store: TokenStore = new MemoryTokenStore();
    const theirs = tokenExpiringIn(3600, "theirs");
    // The other instance finishes its exchange and lets go just as this one takes the lock.
    const lock: WorkLock = {
      tryAcquire: vi.fn(async () => {
        await store.set("id", { token: theirs, renewAt: T0 + 3_570_000 }, 3_570_000);
        return "lock-token";
      }),
      release: vi.fn(async () => {}),
      waitUntilReleased: vi.fn(async () => true),
    };
    const exchange = vi.fn(async () => "unused");
    expect(await new AccessTokenCache({ clock, store, exchangeLock: lock }).get("id", exchange)).toBe(theirs);
    expect(exchange).not.toHaveBeenCalled();
    expect(lock.release).toHaveBeenCalledWith("token-exchange:id", "lock-token");
  });

  it("keeps the token before letting go of the lock, and still answers when letting go fails", async () => {
    const { clock } = fakeClock();
    const store: TokenStore = new MemoryTokenStore();
    const heldAtRelease: unknown[] = [];
    const lock: WorkLock = {
      tryAcquire: vi.fn(async () => "lock-token"),
      release: vi.fn(async () => {
        heldAtRelease.push((await store.get("id"))?.token);
        throw new Error("Connection is closed.");
      }),
      waitUntilReleased: vi.fn(async () => true),
    };
    expect(await new AccessTokenCache({ clock, store, exchangeLock: lock }).get("id", async () => "fresh")).toBe("fresh");
    expect(heldAtRelease).toEqual(["fresh"]);
  });

  it("forgets an invalidated token for every instance", async () => {
    const { one, two } = twoInstances();
    const first = tokenExpiringIn(3600, "first");
    await one.get("id", async () => first);
    await two.invalidate("id", first);
    const exchange = vi.fn(async () => "second");
    expect(await one.get("id", exchange)).toBe("second");
  });

  it("passes the store each token with the time left until its renewal", async () => {
    const { time, clock } = fakeClock();
    const set = vi.fn<TokenStore["set"]>(async () => {});
    const store: TokenStore = { get: async () => undefined, set, deleteIfSame: async () => {} };
    time.now = T0 + 1_000;
    await new AccessTokenCache({ clock, store }).get("id", async () => tokenExpiringIn(3600, "a"));
    expect(set).toHaveBeenCalledWith("id", { token: tokenExpiringIn(3600, "a"), renewAt: T0 + 3_570_000 }, 3_569_000);
  });

  it("fails the callers when the store fails, and does not keep the failure", async () => {
    const { clock } = fakeClock();
    const get = vi.fn<TokenStore["get"]>().mockRejectedValueOnce(new Error("Connection is closed.")).mockResolvedValue(undefined);
    const store: TokenStore = { get, set: async () => {}, deleteIfSame: async () => {} };
    const cache = new AccessTokenCache({ clock, store });
    await expect(cache.get("id", async () => "unused")).rejects.toThrow("Connection is closed.");
    expect(await cache.get("id", async () => "token")).toBe("token");
  });
});
