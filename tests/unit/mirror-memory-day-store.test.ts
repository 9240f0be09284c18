import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryDayStore } from "@/lib/mirror/memory-day-store";
import { dayKey, type CachedDay } from "@/lib/mirror/day-store";
import { parseFreshnessPolicy } from "@/lib/mirror/freshness-policy";

function day(records: number, complete = true): CachedDay {
  return { records: Array.from({ length: records }, (_, i) => ({ id: i })), complete };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Which of `keys` the store holds, read in the order given (a read counts as a use). */
async function held(store: MemoryDayStore, keys: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const key of keys) if ((await store.get(key)) !== undefined) found.push(key);
  return found;
}

describe("MemoryDayStore", () => {
  it("gives back what was set, and undefined for an unknown key", async () => {
    const store = new MemoryDayStore(100);
    const a = day(3);
    const partial = day(2, false);
    await store.set("cred|purchases|2026-05-01", a, 60_000);
    await store.set("cred|purchases|2026-05-02", partial, 60_000);
    expect(await store.get("cred|purchases|2026-05-01")).toEqual(a);
    expect(await store.get("cred|purchases|2026-05-02")).toEqual({ records: partial.records, complete: false });
    expect(await store.get("cred|orders|2026-05-01")).toBeUndefined();
  });

  it("replaces a day that is set again", async () => {
    const store = new MemoryDayStore(100);
    await store.set("k", day(3), 60_000);
    const newer = day(5);
    await store.set("k", newer, 60_000);
    expect(await store.get("k")).toEqual(newer);
  });

  it("keeps empty days (a day without records is still known)", async () => {
    const store = new MemoryDayStore(10);
    await store.set("empty", day(0), 60_000);
    expect(await store.get("empty")).toEqual({ records: [], complete: true });
  });

  it("evicts the least recently used days once the total record count exceeds maxRecords", async () => {
    const store = new MemoryDayStore(10); // each day costs its records + 1
    await store.set("a", day(4), 60_000); // 5
    await store.set("b", day(3), 60_000); // 4, total 9
    expect(await held(store, ["a", "b"])).toEqual(["a", "b"]);
    await store.set("c", day(1), 60_000); // 2, total 11: the oldest ("a") goes
    expect(await held(store, ["a", "b", "c"])).toEqual(["b", "c"]);
  });

  it("evicts by recency of use, not of insertion", async () => {
    const store = new MemoryDayStore(10);
    await store.set("a", day(4), 60_000);
    await store.set("b", day(3), 60_000);
    await store.get("a"); // "b" is now the least recently used
    await store.set("c", day(1), 60_000);
    expect(await held(store, ["b", "a", "c"])).toEqual(["a", "c"]);
  });

  it("evicts as many days as needed to make room", async () => {
    const store = new MemoryDayStore(10);
    for (const key of ["a", "b", "c", "d", "e"]) await store.set(key, day(1), 60_000); // 2 each, total 10
    expect(await held(store, ["a", "b", "c", "d", "e"])).toEqual(["a", "b", "c", "d", "e"]);
    await store.set("big", day(6), 60_000); // 7: "a" to "d" must go (3 left + 7 = 10)
    expect(await held(store, ["a", "b", "c", "d", "e", "big"])).toEqual(["e", "big"]);
  });

  it("does not keep a day larger than the whole budget, nor evict others for it", async () => {
    const store = new MemoryDayStore(10);
    await store.set("small", day(2), 60_000);
    await store.set("huge", day(10), 60_000); // 11 > 10
    expect(await held(store, ["huge", "small"])).toEqual(["small"]);
  });

  it("forgets a day after its ttl, each day with its own ttl", async () => {
    // lru-cache reads performance.now (captured at import) and caches it for 1 ms with a timer.
    const now = vi.spyOn(performance, "now").mockReturnValue(1_000_000);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const store = new MemoryDayStore(100);
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

  it("keeps a day, when told no ttl, as long as the freshness policy holds the key's day fresh", async () => {
    const now = vi.spyOn(performance, "now").mockReturnValue(1_000_000);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const today = Date.parse("2026-06-15T12:00:00Z");
    const store = new MemoryDayStore(100, parseFreshnessPolicy("3:60s,*:1h"), () => today);
    await store.set(dayKey("acct", "purchases", "2026-06-14"), day(1));
    await store.set(dayKey("acct", "purchases", "2026-05-01"), day(1));
    const at = (ms: number) => {
      now.mockReturnValue(1_000_000 + ms);
      vi.advanceTimersByTime(10);
    };
    at(61_000);
    expect(await store.get(dayKey("acct", "purchases", "2026-06-14"))).toBeUndefined();
    expect(await store.get(dayKey("acct", "purchases", "2026-05-01"))).toBeDefined();
    at(3_601_000);
    expect(await store.get(dayKey("acct", "purchases", "2026-05-01"))).toBeUndefined();
  });
});
