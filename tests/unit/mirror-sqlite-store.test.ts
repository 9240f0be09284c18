import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MirrorDay, MirrorSyncState } from "@/lib/store/mirror-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { describeLeaseStore } from "../support/lease-store-suite";

// The mirror's SQLite back-end: what lib/mirror relies on (days, sync state, leases), and
// that two store instances on one file (two processes) see each other's rows and leases.
const T0 = 1_900_000_000_000;
const tempDirs: string[] = [];
const open: SqliteMirrorStore[] = [];

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-mirror-store-"));
  tempDirs.push(dir);
  return path.join(dir, "mirror.sqlite");
}

function storeOn(file: string): SqliteMirrorStore {
  const store = new SqliteMirrorStore(file);
  open.push(store);
  return store;
}

function day(resource: string, date: string, overrides: Partial<MirrorDay> = {}): MirrorDay {
  return { resource, day: date, complete: true, fetchedAt: T0, count: 3, sealed: Buffer.from(`${resource}:${date}:payload`), ...overrides };
}

function meta(day: MirrorDay): Omit<MirrorDay, "sealed"> {
  const { resource, day: date, complete, fetchedAt, count } = day;
  return { resource, day: date, complete, fetchedAt, count };
}

let store: SqliteMirrorStore;
let file: string;
beforeEach(() => {
  file = tempFile();
  store = storeOn(file);
});
afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("days", () => {
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

  it("replaces a day written again", async () => {
    await store.writeDay("acct", day("purchases", "2026-06-14"));
    const again = day("purchases", "2026-06-14", { fetchedAt: T0 + 1000, count: 4, sealed: Buffer.from("newer") });
    await store.writeDay("acct", again);
    const [read] = await store.readDays("acct", "purchases", ["2026-06-14"]);
    expect(read && meta(read)).toEqual(meta(again));
    expect(read?.sealed.toString()).toBe("newer");
    expect(await store.listDays("acct")).toHaveLength(1);
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

  it("forget deletes the account's days and sync state, not another account's, and leaves no payload byte on disk", async () => {
    const secret = "FORGET-ME-7c1e0b9a-customer@example.test";
    for (let i = 1; i <= 20; i++) await store.writeDay("acct", day("purchases", `2026-05-${String(i).padStart(2, "0")}`, { sealed: Buffer.from(`${secret}#${i}`.repeat(20)) }));
    await store.writeDay("other", day("purchases", "2026-05-01"));
    await store.writeSyncState("acct", { days: 730, startedAt: T0, passEndedAt: null, lastError: null, unavailable: [] });
    await store.writeSyncState("other", { days: 30, startedAt: T0, passEndedAt: T0, lastError: null, unavailable: [] });
    await store.forget("acct");
    expect(await store.listDays("acct")).toEqual([]);
    expect(await store.readSyncState("acct")).toBeUndefined();
    expect(await store.listDays("other")).toHaveLength(1);
    expect((await store.readSyncState("other"))?.days).toBe(30);
    const dir = path.dirname(file);
    const bytes = Buffer.concat(fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name))));
    expect(bytes.includes(Buffer.from(secret))).toBe(false);
  });
});

describe("digests", () => {
  const digest = { name: "summary/1", sealed: Buffer.from("sealed-summary") };

  it("keeps a day's digest with it, and readDigests answers it without the records", async () => {
    await store.writeDay("acct", day("purchases", "2026-06-14", { digest }));
    await store.writeDay("acct", day("purchases", "2026-06-13"));
    expect(await store.readDigests("acct", "purchases", ["2026-06-14", "2026-06-13", "2026-06-12"])).toEqual([
      { ...meta(day("purchases", "2026-06-14")), digest },
      { ...meta(day("purchases", "2026-06-13")), digest: null },
    ]);
    expect((await store.readDays("acct", "purchases", ["2026-06-14"]))[0]?.digest).toEqual(digest);
  });

  it("writeDigest adds a digest to the day as fetched, not to a copy fetched since", async () => {
    await store.writeDay("acct", day("purchases", "2026-06-14"));
    expect(await store.writeDigest("acct", "purchases", "2026-06-14", T0, digest)).toBe(true);
    await store.writeDay("acct", day("purchases", "2026-06-14", { fetchedAt: T0 + 1 }));
    expect(await store.writeDigest("acct", "purchases", "2026-06-14", T0, { ...digest, name: "stale" })).toBe(false);
    expect((await store.readDigests("acct", "purchases", ["2026-06-14"]))[0]?.digest).toBeNull();
  });

  it("opens a file made before days had digests, and adds the columns", async () => {
    const old = tempFile();
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(old);
    db.exec("CREATE TABLE days (account TEXT NOT NULL, resource TEXT NOT NULL, day TEXT NOT NULL, complete INTEGER NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, sealed BLOB NOT NULL, PRIMARY KEY (account, resource, day))");
    db.prepare("INSERT INTO days VALUES ('acct', 'purchases', '2026-06-14', 1, ?, 3, ?)").run(T0, Buffer.from("x"));
    db.close();
    const reopened = storeOn(old);
    expect(await reopened.readDigests("acct", "purchases", ["2026-06-14"])).toEqual([{ ...meta(day("purchases", "2026-06-14")), digest: null }]);
    expect(await reopened.writeDigest("acct", "purchases", "2026-06-14", T0, digest)).toBe(true);
  });
});

describe("sync state", () => {
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

// The lease rules, shared with the Redis back-end (tests/backends); two instances on one file.
describeLeaseStore("SqliteMirrorStore", () => {
  const shared = tempFile();
  return [storeOn(shared), storeOn(shared)];
});

describe("two store instances on one file (two processes)", () => {
  it("each sees the other's days, expiries, sync state and forgets", async () => {
    const other = storeOn(file);
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
    const reopened = storeOn(file);
    expect((await reopened.listDays("acct")).map((m) => m.day)).toEqual(["2026-06-14"]);
    expect((await reopened.readSyncState("acct"))?.passEndedAt).toBe(T0 + 1);
    expect(await reopened.sizeBytes()).toBeGreaterThan(0);
  });
});

describe("on disk", () => {
  it("keeps the file readable by its owner only", () => {
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
