import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MirrorDay, MirrorStore, MirrorSyncState } from "@/lib/store/mirror-store";

// What lib/mirror relies on from a mirror store (days, digests, sync state), and that two
// store instances on one back-end (two processes) see each other's rows. Every
// back-end runs the same suite: SQLite in tests/unit, PostgreSQL in tests/backends.

export interface MirrorStoreBackend {
  /** A store on a new, empty back-end (a new file, emptied tables). */
  open(): Promise<MirrorStore>;
  /** Another store on the back-end of the last `open` (another process: another connection, another pool). */
  openAnother(): Promise<MirrorStore>;
}

export const T0 = 1_900_000_000_000;

export function mirrorDay(resource: string, date: string, overrides: Partial<MirrorDay> = {}): MirrorDay {
  return { resource, day: date, complete: true, fetchedAt: T0, count: 3, sealed: Buffer.from(`${resource}:${date}:payload`), ...overrides };
}

function meta(day: MirrorDay): Omit<MirrorDay, "sealed"> {
  const { resource, day: date, complete, fetchedAt, count } = day;
  return { resource, day: date, complete, fetchedAt, count };
}

export function mirrorStoreBehaviour(name: string, backend: MirrorStoreBackend): void {
  const day = mirrorDay;
  const open: MirrorStore[] = [];
  const track = (s: MirrorStore): MirrorStore => {
    open.push(s);
    return s;
  };
  const another = async (): Promise<MirrorStore> => track(await backend.openAnother());

  let store: MirrorStore;
  beforeEach(async () => {
    store = track(await backend.open());
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close().catch(() => undefined);
  });

  describe(`${name}: days`, () => {
    it("reads back what was written, only the days asked for that it holds", async () => {
      const a = day("purchases", "2026-06-14");
      const b = day("purchases", "2026-06-13", { complete: false, count: 5000, fetchedAt: T0 - 5 });
      await store.writeDay("acct", a);
      await store.writeDay("acct", b);
      const read = await store.readDays("acct", "purchases", ["2026-06-14", "2026-06-12", "2026-06-13"]);
      expect(read.map(meta)).toEqual([meta(a), meta(b)]);
      expect(read[0]?.sealed.equals(a.sealed)).toBe(true);
      expect(read[1]?.sealed.equals(b.sealed)).toBe(true);
      expect(await store.readDays("acct", "orders", ["2026-06-14"])).toEqual([]);
      expect(await store.readDays("other", "purchases", ["2026-06-14"])).toEqual([]);
      expect(await store.readDays("acct", "purchases", [])).toEqual([]);
    });

    it("answers in the order the days were asked for, whatever the order they were written in", async () => {
      const dates = ["2026-06-03", "2026-06-01", "2026-06-05", "2026-06-02", "2026-06-04"];
      for (const date of ["2026-06-05", "2026-06-01", "2026-06-04", "2026-06-02", "2026-06-03"]) await store.writeDay("acct", day("orders", date, { digest: { name: "d", sealed: Buffer.from(date) } }));
      expect((await store.readDays("acct", "orders", dates)).map((d) => d.day)).toEqual(dates);
      expect((await store.readMeta("acct", "orders", dates)).map((d) => d.day)).toEqual(dates);
      expect((await store.readDigests("acct", "orders", dates)).map((d) => d.digest?.sealed.toString())).toEqual(dates);
      const reversed = [...dates].reverse();
      expect((await store.readDays("acct", "orders", reversed)).map((d) => d.day)).toEqual(reversed);
    });

    it("replaces a day written again", async () => {
      await store.writeDay("acct", day("purchases", "2026-06-14"));
      const again = day("purchases", "2026-06-14", { fetchedAt: T0 + 1000, count: 4, sealed: Buffer.from("newer") });
      await store.writeDay("acct", again);
      const [read] = await store.readDays("acct", "purchases", ["2026-06-14"]);
      expect(read && meta(read)).toEqual(meta(again));
      expect(read?.sealed.toString()).toBe("newer");
      expect(await store.listDays("acct")).toHaveLength(1);
    });

    it("keeps every byte of a payload (all 256 values, and large)", async () => {
      const sealed = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.alloc(2_000_000, 0xa5)]);
      await store.writeDay("acct", day("purchases", "2026-06-14", { sealed }));
      expect((await store.readDays("acct", "purchases", ["2026-06-14"]))[0]?.sealed.equals(sealed)).toBe(true);
    });

    it("readMeta answers the same rows without payloads", async () => {
      const a = day("orders", "2026-06-14", { complete: false });
      await store.writeDay("acct", a);
      const rows = await store.readMeta("acct", "orders", ["2026-06-14", "2026-06-15"]);
      expect(rows).toEqual([meta(a)]);
      expect(rows[0]).not.toHaveProperty("sealed");
    });

    it("listDays answers an account's days by resource then day, of one resource or all", async () => {
      for (const d of [day("refunds", "2026-06-02"), day("orders", "2026-06-03"), day("orders", "2026-06-01"), day("purchases", "2026-06-02")]) await store.writeDay("acct", d);
      await store.writeDay("other", day("orders", "2026-06-02"));
      expect((await store.listDays("acct")).map((m) => `${m.resource} ${m.day}`)).toEqual(["orders 2026-06-01", "orders 2026-06-03", "purchases 2026-06-02", "refunds 2026-06-02"]);
      expect((await store.listDays("acct", "orders")).map((m) => m.day)).toEqual(["2026-06-01", "2026-06-03"]);
      expect(await store.listDays("acct", "chargebacks")).toEqual([]);
      expect(await store.listDays("nobody")).toEqual([]);
      expect((await store.listDays("acct"))[0]).not.toHaveProperty("sealed");
    });

    it("listDays orders names byte by byte, as SQLite does, whatever the database's locale", async () => {
      for (const resource of ["b", "_x", "B", "a-b", "ab"]) await store.writeDay("acct", day(resource, "2026-06-01"));
      expect((await store.listDays("acct")).map((m) => m.resource)).toEqual(["B", "_x", "a-b", "ab", "b"]);
    });

    it("expire marks the days from..to (inclusive) of every resource stale, of that account only", async () => {
      for (const resource of ["purchases", "orders"]) {
        for (const date of ["2026-06-01", "2026-06-02", "2026-06-03", "2026-06-04"]) await store.writeDay("acct", day(resource, date));
      }
      await store.writeDay("other", day("purchases", "2026-06-02"));
      expect(await store.expire("acct", "2026-06-02", "2026-06-03")).toBe(4);
      const stale = (await store.listDays("acct")).filter((m) => m.fetchedAt === 0).map((m) => `${m.resource} ${m.day}`);
      expect(stale).toEqual(["orders 2026-06-02", "orders 2026-06-03", "purchases 2026-06-02", "purchases 2026-06-03"]);
      expect((await store.listDays("other"))[0]?.fetchedAt).toBe(T0);
      // The payload stays: only its freshness goes.
      expect((await store.readDays("acct", "orders", ["2026-06-02"]))[0]?.sealed.toString()).toBe("orders:2026-06-02:payload");
      expect(await store.expire("acct", "2025-01-01", "2025-01-31")).toBe(0);
    });

    it("expire with resources marks only those resources' days stale", async () => {
      for (const resource of ["purchases", "orders", "refunds"]) await store.writeDay("acct", day(resource, "2026-06-02"));
      expect(await store.expire("acct", "2026-06-02", "2026-06-02", ["purchases", "orders"])).toBe(2);
      const stale = (await store.listDays("acct")).filter((m) => m.fetchedAt === 0).map((m) => m.resource);
      expect(stale).toEqual(["orders", "purchases"]);
    });

    it("forget deletes the account's days and sync state, not another account's", async () => {
      for (let i = 1; i <= 20; i++) await store.writeDay("acct", day("purchases", `2026-05-${String(i).padStart(2, "0")}`));
      await store.writeDay("other", day("purchases", "2026-05-01"));
      await store.writeSyncState("acct", { days: 730, startedAt: T0, passEndedAt: null, lastError: null, unavailable: [] });
      await store.writeSyncState("other", { days: 30, startedAt: T0, passEndedAt: T0, lastError: null, unavailable: [] });
      await store.forget("acct");
      expect(await store.listDays("acct")).toEqual([]);
      expect(await store.readSyncState("acct")).toBeUndefined();
      expect(await store.listDays("other")).toHaveLength(1);
      expect((await store.readSyncState("other"))?.days).toBe(30);
    });
  });

  describe(`${name}: digests`, () => {
    const digest = { name: "summary/1", sealed: Buffer.from("sealed-summary") };

    it("keeps a day's digest with it, and readDigests answers it without the records", async () => {
      await store.writeDay("acct", day("purchases", "2026-06-14", { digest }));
      await store.writeDay("acct", day("purchases", "2026-06-13"));
      expect(await store.readDigests("acct", "purchases", ["2026-06-14", "2026-06-13", "2026-06-12"])).toEqual([
        { ...meta(day("purchases", "2026-06-14")), digest },
        { ...meta(day("purchases", "2026-06-13")), digest: null },
      ]);
      expect((await store.readDays("acct", "purchases", ["2026-06-14"]))[0]?.digest).toEqual(digest);
      expect((await store.readDays("acct", "purchases", ["2026-06-13"]))[0]?.digest).toBeNull();
      expect(await store.readDigests("acct", "purchases", [])).toEqual([]);
    });

    it("writeDigest adds a digest to the day as fetched, not to a copy fetched since", async () => {
      await store.writeDay("acct", day("purchases", "2026-06-14"));
      expect(await store.writeDigest("acct", "purchases", "2026-06-14", T0, digest)).toBe(true);
      await store.writeDay("acct", day("purchases", "2026-06-14", { fetchedAt: T0 + 1 }));
      expect(await store.writeDigest("acct", "purchases", "2026-06-14", T0, { ...digest, name: "stale" })).toBe(false);
      expect((await store.readDigests("acct", "purchases", ["2026-06-14"]))[0]?.digest).toBeNull();
    });

    it("writeDigest answers false for a day it does not hold", async () => {
      expect(await store.writeDigest("acct", "purchases", "2026-06-14", T0, digest)).toBe(false);
      expect(await store.listDays("acct")).toEqual([]);
    });
  });

  describe(`${name}: notes`, () => {
    it("readMarks answers each day's meta with the notes written with its fetch, null where none were", async () => {
      await store.writeDay("acct", day("purchases", "2026-06-14", { notes: 0 }));
      await store.writeDay("acct", day("purchases", "2026-06-13", { notes: 2 }));
      await store.writeDay("acct", day("purchases", "2026-06-12"));
      expect(await store.readMarks("acct", "purchases", ["2026-06-14", "2026-06-13", "2026-06-12", "2026-06-11"])).toEqual([
        { ...meta(day("purchases", "2026-06-14")), notes: 0 },
        { ...meta(day("purchases", "2026-06-13")), notes: 2 },
        { ...meta(day("purchases", "2026-06-12")), notes: null },
      ]);
      expect(await store.readMarks("other", "purchases", ["2026-06-14"])).toEqual([]);
      expect(await store.readMarks("acct", "orders", ["2026-06-14"])).toEqual([]);
    });

    it("readMarks of many days (a report's range, in any order, a day twice, days far apart) answers the days held, in the order asked, with their notes", async () => {
      const days = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 4, 1 + i)).toISOString().slice(0, 10));
      for (const [i, d] of days.entries()) if (i % 3 !== 0) await store.writeDay("acct", day("purchases", d, i % 5 === 0 ? { notes: i } : {}));
      // Within the range, another account's and another resource's days are none of these.
      await store.writeDay("other", day("purchases", days[0]!));
      await store.writeDay("acct", day("orders", days[3]!));
      const expected = (asked: string[]) => asked.flatMap((d) => {
        const i = days.indexOf(d);
        return i >= 0 && i % 3 !== 0 ? [{ ...meta(day("purchases", d)), notes: i % 5 === 0 ? i : null }] : [];
      });
      const asked = [...days.slice(20), "2026-06-30", ...days.slice(0, 20).reverse(), days[7]!];
      expect(await store.readMarks("acct", "purchases", asked)).toEqual(expected(asked));
      const apart = [days[1]!, "2020-01-01", days[38]!, "2031-12-31", days[2]!, days[4]!, days[5]!, days[7]!, days[8]!];
      expect(await store.readMarks("acct", "purchases", apart)).toEqual(expected(apart));
    });

    it("notes are a fetch's: a day written again without them, or expired, has none", async () => {
      await store.writeDay("acct", day("purchases", "2026-06-14", { notes: 0 }));
      await store.writeDay("acct", day("purchases", "2026-06-13", { notes: 0 }));
      // Another writer (an older server sharing the back-end) gives no notes with its new fetch.
      await (await another()).writeDay("acct", day("purchases", "2026-06-14", { fetchedAt: T0 + 1 }));
      await store.expire("acct", "2026-06-13", "2026-06-13");
      const marks = await store.readMarks("acct", "purchases", ["2026-06-14", "2026-06-13"]);
      expect(marks.map((m) => [m.fetchedAt, m.notes])).toEqual([[T0 + 1, null], [0, null]]);
    });

    it("writeNotes adds notes to the days still holding the fetch they were counted for", async () => {
      await store.writeDay("acct", day("purchases", "2026-06-14"));
      await store.writeDay("acct", day("purchases", "2026-06-13", { fetchedAt: T0 + 5 }));
      await store.writeNotes("acct", "purchases", [
        { day: "2026-06-14", fetchedAt: T0, notes: 3 },
        { day: "2026-06-13", fetchedAt: T0, notes: 1 },
        { day: "2026-06-12", fetchedAt: T0, notes: 1 },
      ]);
      await store.writeNotes("acct", "purchases", []);
      const marks = await store.readMarks("acct", "purchases", ["2026-06-14", "2026-06-13", "2026-06-12"]);
      expect(marks.map((m) => [m.day, m.notes])).toEqual([["2026-06-14", 3], ["2026-06-13", null]]);
      expect(await store.listDays("acct")).toHaveLength(2);
    });
  });

  describe(`${name}: sync state`, () => {
    it("reads back what was written, replaced on each write; undefined for an account without one", async () => {
      const state: MirrorSyncState = { days: 730, startedAt: T0, passEndedAt: null, lastError: null, unavailable: [] };
      expect(await store.readSyncState("acct")).toBeUndefined();
      await store.writeSyncState("acct", state);
      expect(await store.readSyncState("acct")).toEqual(state);
      const later = { ...state, passEndedAt: T0 + 1, lastError: "The upstream asked us to slow down", unavailable: ["orders"] };
      await store.writeSyncState("acct", later);
      expect(await store.readSyncState("acct")).toEqual(later);
    });
  });

  describe(`${name}: two store instances on one back-end (two processes)`, () => {
    it("each sees the other's days, expiries, sync state and forgets", async () => {
      const other = await another();
      await store.writeDay("acct", day("purchases", "2026-06-14"));
      expect((await other.readDays("acct", "purchases", ["2026-06-14"]))[0]?.sealed.toString()).toBe("purchases:2026-06-14:payload");
      await other.writeDay("acct", day("orders", "2026-06-14"));
      expect((await store.listDays("acct")).map((m) => m.resource)).toEqual(["orders", "purchases"]);
      await other.expire("acct", "2026-06-14", "2026-06-14");
      expect((await store.readMeta("acct", "purchases", ["2026-06-14"]))[0]?.fetchedAt).toBe(0);
      await store.writeSyncState("acct", { days: 5, startedAt: T0, passEndedAt: null, lastError: null, unavailable: [] });
      expect((await other.readSyncState("acct"))?.days).toBe(5);
      await other.forget("acct");
      expect(await store.listDays("acct")).toEqual([]);
    });

    it("a store opened after another closed reads everything it wrote (a restart)", async () => {
      await store.writeDay("acct", day("purchases", "2026-06-14"));
      await store.writeSyncState("acct", { days: 5, startedAt: T0, passEndedAt: T0 + 1, lastError: null, unavailable: [] });
      await store.close();
      const reopened = await another();
      expect((await reopened.listDays("acct")).map((m) => m.day)).toEqual(["2026-06-14"]);
      expect((await reopened.readSyncState("acct"))?.passEndedAt).toBe(T0 + 1);
      expect(await reopened.sizeBytes()).toBeGreaterThan(0);
    });
  });
}
