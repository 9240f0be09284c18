import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_CACHE_TTL, MemoryDayCacheStore, ttlForDay, type CachedDay, type CacheTtl } from "@/lib/sales-api/day-cache";

const DAY_MS = 86_400_000;
const TTL: CacheTtl = { recentMs: 60_000, recentDays: 3, closedMs: 6 * 3_600_000 };
const dayStart = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

function day(records: number, complete = true): CachedDay {
  return { records: Array.from({ length: records }, (_, i) => ({ id: i })), complete };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Which of `keys` the store holds, read in the order given (a read counts as a use). */
async function held(store: MemoryDayCacheStore, keys: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const key of keys) if ((await store.get(key)) !== undefined) found.push(key);
  return found;
}

describe("DEFAULT_CACHE_TTL", () => {
  it("keeps recent days a minute, for today and the 3 days before, and closed days 6 hours", () => {
    expect(DEFAULT_CACHE_TTL).toEqual(TTL);
  });
});

describe("ttlForDay", () => {
  const now = Date.UTC(2026, 4, 10, 15, 30); // 2026-05-10, mid-afternoon UTC

  it("treats today as recent", () => {
    expect(ttlForDay(dayStart("2026-05-10"), now, TTL)).toBe(TTL.recentMs);
  });

  it.each(["2026-05-09", "2026-05-08", "2026-05-07"])("treats %s (within the 3 days before today) as recent", (iso) => {
    expect(ttlForDay(dayStart(iso), now, TTL)).toBe(TTL.recentMs);
  });

  it.each(["2026-05-06", "2026-05-01", "2025-05-10"])("treats %s (older) as closed", (iso) => {
    expect(ttlForDay(dayStart(iso), now, TTL)).toBe(TTL.closedMs);
  });

  it("treats future days as recent", () => {
    expect(ttlForDay(dayStart("2026-05-11"), now, TTL)).toBe(TTL.recentMs);
  });

  it("counts days in UTC: just after midnight the oldest recent day moves on", () => {
    const justAfterMidnight = Date.UTC(2026, 4, 11, 0, 0, 1);
    const justBefore = Date.UTC(2026, 4, 10, 23, 59, 59);
    expect(ttlForDay(dayStart("2026-05-07"), justBefore, TTL)).toBe(TTL.recentMs);
    expect(ttlForDay(dayStart("2026-05-07"), justAfterMidnight, TTL)).toBe(TTL.closedMs);
    expect(ttlForDay(dayStart("2026-05-08"), justAfterMidnight, TTL)).toBe(TTL.recentMs);
  });

  it("follows recentDays", () => {
    const oneDay: CacheTtl = { ...TTL, recentDays: 1 };
    expect(ttlForDay(dayStart("2026-05-09"), now, oneDay)).toBe(TTL.recentMs);
    expect(ttlForDay(dayStart("2026-05-08"), now, oneDay)).toBe(TTL.closedMs);
    const none: CacheTtl = { ...TTL, recentDays: 0 };
    expect(ttlForDay(dayStart("2026-05-10"), now, none)).toBe(TTL.recentMs);
    expect(ttlForDay(dayStart("2026-05-09"), now, none)).toBe(TTL.closedMs);
  });

  it("works across a year end and the leap day", () => {
    expect(ttlForDay(dayStart("2027-12-29"), Date.UTC(2028, 0, 1, 8), TTL)).toBe(TTL.recentMs);
    expect(ttlForDay(dayStart("2027-12-28"), Date.UTC(2028, 0, 1, 8), TTL)).toBe(TTL.closedMs);
    expect(ttlForDay(dayStart("2028-02-27"), Date.UTC(2028, 2, 1, 8), TTL)).toBe(TTL.recentMs);
    expect(ttlForDay(dayStart("2028-02-26"), Date.UTC(2028, 2, 1, 8), TTL)).toBe(TTL.closedMs);
    expect(dayStart("2028-03-01") - dayStart("2028-02-26")).toBe(4 * DAY_MS);
  });
});

describe("MemoryDayCacheStore", () => {
  it("gives back what was set, and undefined for an unknown key", async () => {
    const store = new MemoryDayCacheStore(100);
    const a = day(3);
    const partial = day(2, false);
    await store.set("cred|purchases|2026-05-01", a, 60_000);
    await store.set("cred|purchases|2026-05-02", partial, 60_000);
    expect(await store.get("cred|purchases|2026-05-01")).toEqual(a);
    expect(await store.get("cred|purchases|2026-05-02")).toEqual({ records: partial.records, complete: false });
    expect(await store.get("cred|orders|2026-05-01")).toBeUndefined();
  });

  it("replaces a day that is set again", async () => {
    const store = new MemoryDayCacheStore(100);
    await store.set("k", day(3), 60_000);
    const newer = day(5);
    await store.set("k", newer, 60_000);
    expect(await store.get("k")).toEqual(newer);
  });

  it("keeps empty days (a day without records is still known)", async () => {
    const store = new MemoryDayCacheStore(10);
    await store.set("empty", day(0), 60_000);
    expect(await store.get("empty")).toEqual({ records: [], complete: true });
  });

  it("evicts the least recently used days once the total record count exceeds maxRecords", async () => {
    const store = new MemoryDayCacheStore(10); // each day costs its records + 1
    await store.set("a", day(4), 60_000); // 5
    await store.set("b", day(3), 60_000); // 4, total 9
    expect(await held(store, ["a", "b"])).toEqual(["a", "b"]);
    await store.set("c", day(1), 60_000); // 2, total 11: the oldest ("a") goes
    expect(await held(store, ["a", "b", "c"])).toEqual(["b", "c"]);
  });

  it("evicts by recency of use, not of insertion", async () => {
    const store = new MemoryDayCacheStore(10);
    await store.set("a", day(4), 60_000);
    await store.set("b", day(3), 60_000);
    await store.get("a"); // "b" is now the least recently used
    await store.set("c", day(1), 60_000);
    expect(await held(store, ["b", "a", "c"])).toEqual(["a", "c"]);
  });

  it("evicts as many days as needed to make room", async () => {
    const store = new MemoryDayCacheStore(10);
    for (const key of ["a", "b", "c", "d", "e"]) await store.set(key, day(1), 60_000); // 2 each, total 10
    expect(await held(store, ["a", "b", "c", "d", "e"])).toEqual(["a", "b", "c", "d", "e"]);
    await store.set("big", day(6), 60_000); // 7: "a" to "d" must go (3 left + 7 = 10)
    expect(await held(store, ["a", "b", "c", "d", "e", "big"])).toEqual(["e", "big"]);
  });

  it("does not keep a day larger than the whole budget, nor evict others for it", async () => {
    const store = new MemoryDayCacheStore(10);
    await store.set("small", day(2), 60_000);
    await store.set("huge", day(10), 60_000); // 11 > 10
    expect(await held(store, ["huge", "small"])).toEqual(["small"]);
  });

  it("forgets a day after its ttl, each day with its own ttl", async () => {
    // lru-cache reads performance.now (captured at import) and caches it for 1 ms with a timer.
    const now = vi.spyOn(performance, "now").mockReturnValue(1_000_000);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const store = new MemoryDayCacheStore(100);
    await store.set("recent", day(1), 60_000);
    await store.set("closed", day(1), 6 * 3_600_000);
    const at = (ms: number) => {
      now.mockReturnValue(1_000_000 + ms);
      vi.advanceTimersByTime(10);
    };
    at(59_000);
    expect(await store.get("recent")).toBeDefined();
    at(61_000);
    expect(await store.get("recent")).toBeUndefined();
    expect(await store.get("closed")).toBeDefined();
    at(6 * 3_600_000 + 1_000);
    expect(await store.get("closed")).toBeUndefined();
  });
});
