import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setLogSink, type LogSink } from "@/lib/log/server-log";
import { DEFAULT_FRESHNESS, parseFreshnessPolicy } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { credentialFrom } from "@/lib/sales-api";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { dayKey, type DayStore } from "@/lib/mirror/day-store";
import { MemoryDayStore } from "@/lib/mirror/memory-day-store";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A full collection on demand: what the shared digests hold weakly must survive it while held.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

// The mirror as fetchRange's day store: it answers a day only while fresh, only for its own
// account, and a day it cannot open (another key) is a miss, never an error.
const NOW = Date.parse("2026-06-15T12:00:00Z");
const SECRET = "server-secret-for-tests-0123456789abcdef";
const KEY = deriveMirrorKey(SECRET, credentialFrom({ apiKey: "sak_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }));
const OTHER_KEY = deriveMirrorKey(SECRET, credentialFrom({ apiKey: "sak_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" }));
const ACCOUNT = "acct-identity-A";

const records = [
  { purchaseId: "p-1", customerEmail: "zoe.quartermaine@example-mail.test", customerName: "Zoë Quartermaine", checkoutInitializedAt: "2026-06-14T10:00:00.000Z" },
  { purchaseId: "p-2", customerEmail: "ana.nunez@example-mail.test", customerName: "Ana Núñez", checkoutInitializedAt: "2026-06-14T09:00:00.000Z" },
];

let dir: string;
let store: SqliteMirrorStore;
let now: number;
const clock = () => now;
const logLines: string[] = [];
let previousSink: LogSink;

beforeAll(() => {
  previousSink = setLogSink((line) => logLines.push(line));
});
afterAll(() => {
  setLogSink(previousSink);
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-mirror-day-cache-"));
  store = new SqliteMirrorStore(path.join(dir, "mirror.sqlite"));
  now = NOW;
  logLines.length = 0;
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cacheFor = (account = ACCOUNT, key = KEY, policy = DEFAULT_FRESHNESS) => new MirrorDayCache(store, account, key, policy, clock);

describe("MirrorDayCache", () => {
  it("answers a day it was given, with its completeness and fetch time", async () => {
    const cache = cacheFor();
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW - 10_000 });
    expect(await cache.get(dayKey(ACCOUNT, "purchases", "2026-06-14"))).toEqual({ records, invalid: [], oddShapes: 0, complete: true, fetchedAt: NOW - 10_000 });
    expect(await cache.get(dayKey(ACCOUNT, "purchases", "2026-06-13"))).toBeUndefined();
    expect(await cache.get(dayKey(ACCOUNT, "orders", "2026-06-14"))).toBeUndefined();
  });

  it("keeps invalid records and odd shapes with the day, and counts them", async () => {
    const cache = cacheFor();
    const invalid = [{ index: 2, issues: ["amount"] }];
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: false, fetchedAt: NOW, invalid, oddShapes: 1 });
    expect(await cache.get(dayKey(ACCOUNT, "purchases", "2026-06-14"))).toEqual({ records, invalid, oddShapes: 1, complete: false, fetchedAt: NOW });
    expect(await cache.peek(dayKey(ACCOUNT, "purchases", "2026-06-14"))).toEqual({ resource: "purchases", day: "2026-06-14", complete: false, fetchedAt: NOW, count: 3 });
  });

  it("stamps a day without fetchedAt with its clock", async () => {
    const cache = cacheFor();
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true });
    expect((await store.listDays(ACCOUNT))[0]?.fetchedAt).toBe(NOW);
  });

  it("answers undefined for a stale day (by the policy and its clock), and again once refetched", async () => {
    const cache = cacheFor();
    const key = dayKey(ACCOUNT, "purchases", "2026-06-14"); // 1 day old: 60 s tier
    await cache.set(key, { records, complete: true, fetchedAt: NOW });
    now = NOW + 59_999;
    expect((await cache.get(key))?.records).toEqual(records);
    expect(await cache.peek(key)).toBeDefined();
    now = NOW + 60_000;
    expect(await cache.get(key)).toBeUndefined();
    expect(await cache.peek(key)).toBeUndefined();
    await cache.set(key, { records: records.slice(1), complete: true, fetchedAt: now });
    expect((await cache.get(key))?.records).toEqual(records.slice(1));
  });

  it("ages by the configured policy (the one freshness policy; no other TTL)", async () => {
    const cache: DayStore = cacheFor(ACCOUNT, KEY, parseFreshnessPolicy("0:1s,*:1s"));
    const key = dayKey(ACCOUNT, "purchases", "2026-01-10");
    await cache.set(key, { records, complete: true, fetchedAt: NOW });
    now = NOW + 1_000;
    expect(await cache.get(key)).toBeUndefined();
  });

  it("answers undefined for a day the store expired ('refresh now')", async () => {
    const cache = cacheFor();
    const key = dayKey(ACCOUNT, "purchases", "2026-03-01"); // old day: 7 d tier
    await cache.set(key, { records, complete: true, fetchedAt: NOW });
    expect(await cache.get(key)).toBeDefined();
    await store.expire(ACCOUNT, "2026-03-01", "2026-03-01");
    expect(await cache.get(key)).toBeUndefined();
    expect(await cache.peek(key)).toBeUndefined();
  });

  it("answers nothing for another identity's key, and writes nothing for it", async () => {
    const cache = cacheFor();
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW });
    expect(await cache.get(dayKey("acct-identity-B", "purchases", "2026-06-14"))).toBeUndefined();
    expect(await cache.peek(dayKey("acct-identity-B", "purchases", "2026-06-14"))).toBeUndefined();
    await cache.set(dayKey("acct-identity-B", "purchases", "2026-06-13"), { records, complete: true, fetchedAt: NOW });
    expect(await store.listDays("acct-identity-B")).toEqual([]);
    expect((await store.listDays(ACCOUNT)).map((m) => m.day)).toEqual(["2026-06-14"]);
  });

  it("answers undefined, without throwing, for a day sealed under another key (the server secret changed)", async () => {
    await cacheFor(ACCOUNT, OTHER_KEY).set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW });
    const cache = cacheFor();
    await expect(cache.get(dayKey(ACCOUNT, "purchases", "2026-06-14"))).resolves.toBeUndefined();
    expect(logLines.some((line) => line.includes("mirror_day_unreadable"))).toBe(true);
    // The log says what happened, never what the day held.
    expect(logLines.join("\n")).not.toContain("example-mail.test");
    // Refetched and written under the right key, the day reads again.
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW });
    expect((await cache.get(dayKey(ACCOUNT, "purchases", "2026-06-14")))?.records).toEqual(records);
  });

  it("answers undefined for a day stored under another account id (a payload moved between accounts)", async () => {
    // Same key, other account: the associated data does not match.
    await cacheFor("acct-identity-B").set(dayKey("acct-identity-B", "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW });
    const [moved] = await store.readDays("acct-identity-B", "purchases", ["2026-06-14"]);
    await store.writeDay(ACCOUNT, moved!);
    await expect(cacheFor().get(dayKey(ACCOUNT, "purchases", "2026-06-14"))).resolves.toBeUndefined();
  });

  it("answers undefined for a damaged payload", async () => {
    const cache = cacheFor();
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW });
    const [row] = await store.readDays(ACCOUNT, "purchases", ["2026-06-14"]);
    const damaged = Buffer.from(row!.sealed);
    damaged[damaged.length - 1] = (damaged[damaged.length - 1] as number) ^ 0xff;
    await store.writeDay(ACCOUNT, { ...row!, sealed: damaged });
    await expect(cache.get(dayKey(ACCOUNT, "purchases", "2026-06-14"))).resolves.toBeUndefined();
  });

  it("writes no record value in clear to the store's files", async () => {
    const cache = cacheFor();
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW });
    const bytes = Buffer.concat(fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name))));
    for (const value of ["zoe.quartermaine@example-mail.test", "Zoë Quartermaine", "ana.nunez@example-mail.test", "Ana Núñez", "checkoutInitializedAt"]) {
      expect(bytes.includes(Buffer.from(value, "utf8")), value).toBe(false);
    }
  });
});

describe("MirrorDayCache with days opened recently kept in memory", () => {
  const memoryCache = (decoded = new MemoryDayStore()) => new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, decoded);

  it("opens a day once: the next read of the same copy does not read its payload again", async () => {
    const cache = memoryCache();
    const key = dayKey(ACCOUNT, "purchases", "2026-06-14");
    await cache.set(key, { records, complete: true, fetchedAt: NOW });
    const readDays = vi.spyOn(store, "readDays");
    expect((await cache.get(key))?.records).toEqual(records);
    expect((await cache.get(key))?.records).toEqual(records);
    expect(readDays).toHaveBeenCalledTimes(1);
  });

  it("does not keep a day read with remember: false (a CSV passing once over a long range), and still answers one kept", async () => {
    const decoded = new MemoryDayStore();
    const cache = memoryCache(decoded);
    const key = dayKey(ACCOUNT, "purchases", "2026-06-14");
    await cache.set(key, { records, complete: true, fetchedAt: NOW });
    const readDays = vi.spyOn(store, "readDays");
    expect((await cache.get(key, { remember: false }))?.records).toEqual(records);
    expect((await cache.get(key, { remember: false }))?.records).toEqual(records);
    expect(readDays).toHaveBeenCalledTimes(2);
    expect(await decoded.peekMany([`${key}|${NOW}`])).toEqual([undefined]);
    expect((await cache.get(key))?.records).toEqual(records);
    expect((await cache.get(key, { remember: false }))?.records).toEqual(records);
    expect(readDays).toHaveBeenCalledTimes(3);
  });

  it("answers a day fetched again with the new copy, not the one opened before", async () => {
    const cache = memoryCache();
    const key = dayKey(ACCOUNT, "purchases", "2026-06-14");
    await cache.set(key, { records, complete: true, fetchedAt: NOW });
    expect((await cache.get(key))?.records).toEqual(records);
    now = NOW + 10_000;
    await cache.set(key, { records: records.slice(1), complete: true, fetchedAt: now });
    expect(await cache.get(key)).toMatchObject({ records: records.slice(1), fetchedAt: now });
  });

  it("a copy written by another process (the shared file) replaces the one in memory", async () => {
    const decoded = new MemoryDayStore();
    const here = memoryCache(decoded);
    const elsewhere = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock);
    const key = dayKey(ACCOUNT, "purchases", "2026-06-14");
    await here.set(key, { records, complete: true, fetchedAt: NOW });
    expect((await here.get(key))?.records).toEqual(records);
    await elsewhere.set(key, { records: records.slice(1), complete: true, fetchedAt: NOW + 5 });
    expect((await here.get(key))?.records).toEqual(records.slice(1));
  });

  it("answers undefined for a day gone stale or expired ('refresh now'), though it was opened recently", async () => {
    const cache = memoryCache();
    const young = dayKey(ACCOUNT, "purchases", "2026-06-14");
    const old = dayKey(ACCOUNT, "purchases", "2026-03-01");
    await cache.set(young, { records, complete: true, fetchedAt: NOW });
    await cache.set(old, { records, complete: true, fetchedAt: NOW });
    expect(await cache.get(young)).toBeDefined();
    expect(await cache.get(old)).toBeDefined();
    await store.expire(ACCOUNT, "2026-03-01", "2026-03-01");
    expect(await cache.get(old)).toBeUndefined();
    now = NOW + 60_000;
    expect(await cache.get(young)).toBeUndefined();
  });

  it("answers undefined for a day the store no longer holds ('Forget my data'), though it was opened recently", async () => {
    const cache = memoryCache();
    const key = dayKey(ACCOUNT, "purchases", "2026-06-14");
    await cache.set(key, { records, complete: true, fetchedAt: NOW });
    expect(await cache.get(key)).toBeDefined();
    await store.forget(ACCOUNT);
    expect(await cache.get(key)).toBeUndefined();
  });
});


describe("MirrorDayCache digests", () => {
  // A digester that counts its calls: the summary of a day is made when the day is stored, not when it is read.
  const counting = (name = "count/1") => {
    const calls = { n: 0 };
    return { calls, digester: { name, of: (rs: readonly unknown[], { fetchedAt }: { fetchedAt: number }) => (calls.n++, { records: rs.length, fetchedAt }) } };
  };
  const key = dayKey(ACCOUNT, "purchases", "2026-06-14");

  it("keeps the resource's digest with each day it stores, sealed, and answers it without opening the records", async () => {
    const { calls, digester } = counting();
    const cache = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, undefined, { purchases: digester });
    const invalid = [{ index: 2, issues: ["amount"] }];
    await cache.set(key, { records, complete: false, fetchedAt: NOW, invalid, oddShapes: 1 });
    expect(calls.n).toBe(1);
    const readDays = vi.spyOn(store, "readDays");
    expect(await cache.getDigest(key, digester)).toEqual({ digest: { records: 2, fetchedAt: NOW }, complete: false, fetchedAt: NOW, count: 3, invalid, oddShapes: 1 });
    expect(readDays).not.toHaveBeenCalled();
    expect(calls.n).toBe(1);
    const [row] = await store.readDigests(ACCOUNT, "purchases", ["2026-06-14"]);
    expect(row?.digest?.name).toBe("count/1");
    expect(row?.digest?.sealed.includes(Buffer.from('"records"'))).toBe(false);
    // Another account's key cannot open it.
    expect(await new MirrorDayCache(store, ACCOUNT, OTHER_KEY, DEFAULT_FRESHNESS, clock).getDigest(key, digester)).toBeUndefined();
  });

  it("makes a digest of another format (or none yet) from the day's records once, and keeps it", async () => {
    const old = counting("count/1");
    await new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, undefined, { purchases: old.digester }).set(key, { records, complete: true, fetchedAt: NOW });
    const next = counting("count/2");
    const cache = cacheFor();
    expect((await cache.getDigest(key, next.digester))?.digest).toEqual({ records: 2, fetchedAt: NOW });
    expect((await cache.getDigest(key, next.digester))?.digest).toEqual({ records: 2, fetchedAt: NOW });
    expect(next.calls.n).toBe(1);
    expect((await store.readDigests(ACCOUNT, "purchases", ["2026-06-14"]))[0]?.digest?.name).toBe("count/2");
  });

  it("answers no digest for a stale day, another account's, or a day it does not hold", async () => {
    const { digester } = counting();
    const cache = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, undefined, { purchases: digester });
    await cache.set(key, { records, complete: true, fetchedAt: NOW });
    expect(await cache.getDigest(dayKey("another-account", "purchases", "2026-06-14"), digester)).toBeUndefined();
    expect(await cache.getDigest(dayKey(ACCOUNT, "purchases", "2026-06-13"), digester)).toBeUndefined();
    now = NOW + 60_000;
    expect(await cache.getDigest(key, digester)).toBeUndefined();
  });
});

describe("MirrorDayCache digests of a range", () => {
  it("answers many days in one read of the store, in the keys' order, a miss where it holds none or the key is another account's", async () => {
    const digester = { name: "count/1", of: (rs: readonly unknown[]) => ({ records: rs.length }) };
    const cache = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, undefined, { purchases: digester });
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-13"), { records, complete: true, fetchedAt: NOW });
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records: records.slice(1), complete: true, fetchedAt: NOW });
    const readDigests = vi.spyOn(store, "readDigests");
    const keys = [dayKey(ACCOUNT, "purchases", "2026-06-14"), dayKey(ACCOUNT, "purchases", "2026-06-12"), dayKey("another-account", "purchases", "2026-06-13"), dayKey(ACCOUNT, "purchases", "2026-06-13")];
    const got = await cache.getDigests(keys, digester);
    expect(got.map((d) => d?.digest)).toEqual([{ records: 1 }, undefined, undefined, { records: 2 }]);
    expect(readDigests).toHaveBeenCalledTimes(1);
  });

  it("opens a digest once for the requests that read it while one holds it; another key still cannot, a new copy of the day is opened anew", async () => {
    const digester = { name: "count/1", of: (rs: readonly unknown[]) => ({ records: rs.length }) };
    const day = dayKey(ACCOUNT, "purchases", "2026-06-13");
    await new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, undefined, { purchases: digester }).set(day, { records, complete: true, fetchedAt: NOW });
    // Two requests, each with its own cache over the same mirror (the server builds one per request);
    // the first keeps only the digest (as a report keeps it while it merges), through a collection.
    const first = { digest: (await cacheFor().getDigest(day, digester))?.digest };
    // A WeakRef's target lives to the end of the task that made it: the collection runs in a later one.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    const second = await cacheFor().getDigest(day, digester);
    expect(second?.digest).toEqual({ records: 2 });
    expect(second?.digest).toBe(first.digest);
    expect(await cacheFor(ACCOUNT, OTHER_KEY).getDigest(day, digester)).toBeUndefined();
    await new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, undefined, { purchases: digester }).set(day, { records: records.slice(1), complete: true, fetchedAt: NOW });
    const third = await cacheFor().getDigest(day, digester);
    expect(third?.digest).toEqual({ records: 1 });
    expect(third?.digest).not.toBe(first?.digest);
  });

  it("gives the event loop turns while it reads and opens a long range, with the same answers", async () => {
    // Two years of summaries held the server's loop for seconds at scale 20 (sign-in waited):
    // a callback queued before the read runs before it ends, while the days are read in parts.
    const digester = { name: "count/1", of: (rs: readonly unknown[]) => ({ records: rs.length }) };
    const cache = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, undefined, { purchases: digester });
    const days = Array.from({ length: 200 }, (_, i) => new Date(Date.parse("2026-01-01T00:00:00Z") + i * 86_400_000).toISOString().slice(0, 10));
    for (const [i, day] of days.entries()) await cache.set(dayKey(ACCOUNT, "purchases", day), { records: records.slice(0, 1 + (i % 2)), complete: true, fetchedAt: NOW });
    let turns = 0;
    const tick = () => {
      turns++;
      if (!done) setImmediate(tick);
    };
    let done = false;
    setImmediate(tick);
    const got = await cache.getDigests(days.map((day) => dayKey(ACCOUNT, "purchases", day)), digester);
    done = true;
    expect(got.map((d) => d?.digest)).toEqual(days.map((_, i) => ({ records: 1 + (i % 2) })));
    expect(turns).toBeGreaterThan(0);
  });
});

// What a table checks its sorted index against: the range's stamps, without opening a day.
describe("rangeStamps over the mirror", () => {
  it("answers each day's fetchedAt, changes when a day is written again, and is null once a day is stale or missing", async () => {
    const { rangeStamps } = await import("@/lib/mirror/range-stamps");
    const cache = cacheFor();
    const range = { from: "2026-06-13", to: "2026-06-14" };
    expect(await rangeStamps(cache, ACCOUNT, "purchases", range)).toBeNull();
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-13"), { records, complete: true, fetchedAt: NOW - 1000 });
    expect(await rangeStamps(cache, ACCOUNT, "purchases", range)).toBeNull();
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW - 500 });
    expect(await rangeStamps(cache, ACCOUNT, "purchases", range)).toEqual([["2026-06-13", NOW - 1000], ["2026-06-14", NOW - 500]]);
    expect(await rangeStamps(cache, "another-account", "purchases", range)).toBeNull();
    await cache.set(dayKey(ACCOUNT, "purchases", "2026-06-14"), { records, complete: true, fetchedAt: NOW });
    expect(await rangeStamps(cache, ACCOUNT, "purchases", range)).toEqual([["2026-06-13", NOW - 1000], ["2026-06-14", NOW]]);
    // A young day is fresh for a minute (the default policy): then it would be fetched again.
    now = NOW + 10 * 60_000;
    expect(await rangeStamps(cache, ACCOUNT, "purchases", range)).toBeNull();
  });

  it("reads the in-memory day store the same way", async () => {
    const { rangeStamps } = await import("@/lib/mirror/range-stamps");
    const memory = new MemoryDayStore();
    await memory.set(dayKey(ACCOUNT, "orders", "2026-06-14"), { records, complete: true, fetchedAt: 7 }, 60_000);
    expect(await rangeStamps(memory, ACCOUNT, "orders", { from: "2026-06-14", to: "2026-06-14" })).toEqual([["2026-06-14", 7]]);
    expect(await rangeStamps(memory, ACCOUNT, "orders", { from: "2026-06-13", to: "2026-06-14" })).toBeNull();
  });
});

describe("MirrorDayCache marks of a range (a report that reads a fact table)", () => {
  const counting = () => {
    const calls = { n: 0 };
    return { calls, digester: { name: "count/1", of: (rs: readonly unknown[]) => (calls.n++, { records: rs.length }) } };
  };
  const days = ["2026-06-14", "2026-06-13", "2026-06-12", "2026-06-11"];
  const keys = days.map((day) => dayKey(ACCOUNT, "purchases", day));
  const invalid = [{ index: 2, issues: ["amount"] }];

  /** 06-14 clean, 06-13 with an invalid record and an odd shape, 06-12 clean but written without notes (an older server), 06-11 not held. */
  async function filled() {
    const { calls, digester } = counting();
    const cache = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, undefined, { purchases: digester });
    await cache.set(keys[0]!, { records, complete: true, fetchedAt: NOW });
    await cache.set(keys[1]!, { records, complete: false, fetchedAt: NOW - 1, invalid, oddShapes: 1 });
    await cache.set(keys[2]!, { records: records.slice(1), complete: true, fetchedAt: NOW - 2 });
    const [old] = await store.readDays(ACCOUNT, "purchases", ["2026-06-12"]);
    await store.writeDay(ACCOUNT, { ...old!, notes: undefined });
    calls.n = 0;
    return { cache, digester, calls };
  }

  it("answers what getDigests answers of each day but its digest, opening only the days with notes or none known, and writes the notes it counted", async () => {
    const { cache, digester } = await filled();
    const digests = await cache.getDigests(keys, digester);
    const readDigests = vi.spyOn(store, "readDigests");
    const writeNotes = vi.spyOn(store, "writeNotes");
    const marks = await cache.getMarks(keys, digester);
    const strip = (d: { digest: unknown } | undefined) => d && { ...d, digest: undefined };
    expect(marks.map(strip)).toEqual(digests.map(strip));
    expect(marks[1]).toMatchObject({ invalid, oddShapes: 1, complete: false, count: 3 });
    expect(readDigests.mock.calls.map((c) => c[2])).toEqual([["2026-06-13", "2026-06-12"]]);
    expect(writeNotes.mock.calls).toEqual([[ACCOUNT, "purchases", [{ day: "2026-06-12", fetchedAt: NOW - 2, notes: 0 }]]]);
    readDigests.mockClear();
    // The next report opens only the day with notes.
    expect((await cache.getMarks(keys, digester)).map(strip)).toEqual(digests.map(strip));
    expect(readDigests.mock.calls.map((c) => c[2])).toEqual([["2026-06-13"]]);
  });

  it("answers nothing for a stale day or another account's", async () => {
    const { cache, digester } = await filled();
    expect(await cache.getMarks([dayKey("another-account", "purchases", "2026-06-14")], digester)).toEqual([undefined]);
    now = NOW + 60_000;
    expect((await cache.getMarks(keys, digester)).every((d) => d === undefined)).toBe(true);
  });

  it("fetchRange with marks reports the days as with their digests, none made or opened where the notes say none", async () => {
    const { createSalesApiClient } = await import("@/lib/sales-api");
    const { mirrorOver } = await import("@/lib/mirror/range-reader");
    const transport = { baseUrl: "https://upstream.invalid", request: () => { throw new Error("no upstream request expected"); } } as never;
    const upstream = createSalesApiClient({ credential: credentialFrom({ apiKey: "k".repeat(32) }), transport, clock });
    const { cache, digester, calls } = await filled();
    const client = mirrorOver({ ...upstream, identity: ACCOUNT } as never, cache, clock);
    const range = { from: "2026-06-12", to: "2026-06-14" };
    const withDigests = await client.fetchRange("purchases", range, { digest: { digester } });
    const made = calls.n;
    const withMarks = await client.fetchRange("purchases", range, { digest: { digester, marks: true } });
    expect(withMarks.report).toEqual(withDigests.report);
    expect(withMarks.report.invalidRecords).toEqual(invalid);
    expect(withMarks.report.oddShapeRecords).toBe(1);
    expect(withMarks.report.incompleteDays).toEqual(["2026-06-13"]);
    expect([...withMarks.digests.keys()].sort()).toEqual(["2026-06-12", "2026-06-13", "2026-06-14"]);
    expect(calls.n).toBe(made);
  });
});

describe("MirrorDayCache records of a range (getMany)", () => {
  const days = (n: number, from = "2026-05-01") => Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
  const dayRecords = (day: string) => [{ purchaseId: `p-${day}`, checkoutInitializedAt: `${day}T10:00:00.000Z` }];

  it("answers what get answers of each day, in the keys' order, in one read of the marks and one of the sealed days a month", async () => {
    const decoded = new MemoryDayStore();
    const cache = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock, decoded);
    const held = days(40);
    for (const day of held) await cache.set(dayKey(ACCOUNT, "purchases", day), { records: dayRecords(day), complete: day !== "2026-05-03", fetchedAt: NOW - 1_000 });
    // One day already open in memory is not read again.
    expect(await cache.get(dayKey(ACCOUNT, "purchases", held[5]!))).toBeDefined();
    const keys = [dayKey(ACCOUNT, "purchases", "2026-04-30"), ...held.map((day) => dayKey(ACCOUNT, "purchases", day)), dayKey("another-account", "purchases", held[0]!)];
    const expected = [];
    const other = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock);
    for (const key of keys) expected.push(await other.get(key));
    const readMeta = vi.spyOn(store, "readMeta");
    const readDays = vi.spyOn(store, "readDays");
    const got = await cache.getMany(keys);
    expect(got).toEqual(expected);
    expect(got[0]).toBeUndefined();
    expect(got.at(-1)).toBeUndefined();
    expect(got[3]).toMatchObject({ records: dayRecords("2026-05-03"), complete: false, fetchedAt: NOW - 1_000 });
    expect(readMeta).toHaveBeenCalledTimes(1);
    // 39 days to open: 31 in the first read, 8 in the second; the day open in memory in neither.
    expect(readDays.mock.calls.map((call) => call[2].length)).toEqual([31, 8]);
    expect(readDays.mock.calls.flatMap((call) => call[2])).not.toContain(held[5]);
    // Each was kept open: asked again, none is read.
    readDays.mockClear();
    expect(await cache.getMany(keys)).toEqual(expected);
    expect(readDays).not.toHaveBeenCalled();
  });

  it("answers a miss for a day written again between its mark's read and its read, and for one sealed under another key", async () => {
    const cache = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock);
    const elsewhere = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock);
    const [a, b, c] = days(3).map((day) => dayKey(ACCOUNT, "purchases", day));
    for (const key of [a!, b!]) await cache.set(key, { records, complete: true, fetchedAt: NOW - 1_000 });
    await new MirrorDayCache(store, ACCOUNT, OTHER_KEY, DEFAULT_FRESHNESS, clock).set(c!, { records, complete: true, fetchedAt: NOW - 1_000 });
    const readMeta = store.readMeta.bind(store);
    vi.spyOn(store, "readMeta").mockImplementationOnce(async (...args) => {
      const marks = await readMeta(...args);
      await elsewhere.set(b!, { records: records.slice(1), complete: true, fetchedAt: NOW });
      return marks;
    });
    const got = await cache.getMany([a!, b!, c!]);
    expect(got.map((d) => d?.records)).toEqual([records, undefined, undefined]);
    expect((await cache.getMany([b!]))[0]).toMatchObject({ records: records.slice(1), fetchedAt: NOW });
  });

  it("fetchRange reads a range of records in a few reads of the store, not a few a day", async () => {
    const { createSalesApiClient } = await import("@/lib/sales-api");
    const { mirrorOver } = await import("@/lib/mirror/range-reader");
    const transport = { baseUrl: "https://upstream.invalid", request: () => { throw new Error("no upstream request expected"); } } as never;
    const upstream = createSalesApiClient({ credential: credentialFrom({ apiKey: "k".repeat(32) }), transport, clock });
    const cache = new MirrorDayCache(store, ACCOUNT, KEY, DEFAULT_FRESHNESS, clock);
    const held = days(60);
    for (const day of held) await cache.set(dayKey(ACCOUNT, "purchases", day), { records: dayRecords(day), complete: true, fetchedAt: NOW - 1_000 });
    const client = mirrorOver({ ...upstream, identity: ACCOUNT } as never, cache, clock);
    const readMeta = vi.spyOn(store, "readMeta");
    const readDays = vi.spyOn(store, "readDays");
    const { records: got, report } = await client.fetchRange("purchases", { from: held[0]!, to: held.at(-1)! });
    // Newest day first, as the range reader answers.
    expect(got).toEqual(held.flatMap(dayRecords).reverse());
    expect(report.cacheHits).toBe(60);
    expect(readMeta).toHaveBeenCalledTimes(1);
    expect(readDays).toHaveBeenCalledTimes(2);
  });
});
