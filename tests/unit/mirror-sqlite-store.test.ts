import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { PURCHASE_FACTS, SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { rowsByAccountTable } from "../support/sqlite-account-rows";
import { mirrorDay as day, mirrorStoreBehaviour, T0 } from "../support/mirror-store-behaviour";

// The mirror's SQLite back-end: the behaviour every mirror store keeps (tests/support, also run
// against PostgreSQL in tests/backends), then what only a file has: its mode, the bytes left on
// disk after a forget, the fact tables of the same file, and files made by older versions.
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

afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

let file = "";
mirrorStoreBehaviour("SqliteMirrorStore", {
  async open() {
    file = tempFile();
    return new SqliteMirrorStore(file);
  },
  async openAnother() {
    return new SqliteMirrorStore(file);
  },
});

describe("SqliteMirrorStore on disk", () => {
  it("keeps the file readable by its owner only", () => {
    const file = tempFile();
    storeOn(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("forget leaves no payload byte on disk", async () => {
    const file = tempFile();
    const store = storeOn(file);
    const secret = "FORGET-ME-7c1e0b9a-customer@example.test";
    for (let i = 1; i <= 20; i++) {
      const sealed = Buffer.from(`${secret}#${i}`.repeat(20));
      await store.writeDay("acct", day("purchases", `2026-05-${String(i).padStart(2, "0")}`, { sealed, digest: { name: "summary/1", sealed } }));
    }
    await store.writeDay("other", day("purchases", "2026-05-01"));
    await store.forget("acct");
    expect(await store.listDays("acct")).toEqual([]);
    const dir = path.dirname(file);
    const bytes = Buffer.concat(fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name))));
    expect(bytes.includes(Buffer.from(secret))).toBe(false);
  });

  it("forget, with the fact tables on DuckDB, deletes the account's rows from every table of the file kept by account: those SQLite left there", async () => {
    const file = tempFile();
    // SQLite's purchases fact table in the mirror's file, as SALESDASH_FACT_ENGINE=sqlite wrote it;
    // closed, as after the switch to DuckDB, so only the mirror's forget can reach it.
    const acct = "acct-FORGET-ME-5b2e91d4";
    const facts = new SqlitePurchaseFactStore(file);
    await fillFactStore(facts, acct, "creator");
    await fillFactStore(facts, "other", "creator");
    await facts.close();
    // With SQLite's fact tables their stores forget them (in their threads): the mirror leaves them.
    const onSqlite = storeOn(file);
    await onSqlite.forget(acct);
    await onSqlite.close();
    const store = new SqliteMirrorStore(file, { forgetOtherTables: true });
    open.push(store);
    await store.writeDay(acct, day("purchases", "2026-05-01"));
    const rowsOf = (account: string) => rowsByAccountTable(file, account);
    const before = rowsOf("other");
    expect(before[PURCHASE_FACTS]).toBeGreaterThan(100);
    expect(rowsOf(acct)[PURCHASE_FACTS]).toBe(before[PURCHASE_FACTS]);
    await store.forget(acct);
    expect(Object.entries(rowsOf(acct)).filter(([, n]) => n > 0)).toEqual([]);
    expect(rowsOf("other")).toEqual(before);
  });

  it("keeps a day's digest out of its records' row, in a table of its own", async () => {
    // SQLite reaches a column after a large one through that one's overflow pages: a digest in
    // the days' row cost 5-7 times as much to read as from a table of its own (docs/benchmarks.md).
    const file = tempFile();
    const store = storeOn(file);
    const digest = { name: "summary/1", sealed: Buffer.from("sealed-summary") };
    await store.writeDay("acct", day("purchases", "2026-06-14", { sealed: Buffer.alloc(100_000, 7), digest }));
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(file, { readonly: true });
    const daysColumns = (db.pragma("table_info(days)") as Array<{ name: string }>).map((c) => c.name);
    const kept = db.prepare("SELECT name, sealed FROM day_digests WHERE account = 'acct' AND day = '2026-06-14'").get() as { name: string; sealed: Buffer };
    db.close();
    expect(daysColumns).not.toContain("digest");
    expect({ name: kept.name, sealed: Buffer.from(kept.sealed) }).toEqual(digest);
  });

  it("moves the digests of a file that kept them in the days' rows to their table, once", async () => {
    const digest = { name: "summary/1", sealed: Buffer.from("sealed-summary") };
    const old = tempFile();
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(old);
    db.exec(
      "CREATE TABLE days (account TEXT NOT NULL, resource TEXT NOT NULL, day TEXT NOT NULL, complete INTEGER NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, sealed BLOB NOT NULL, digest_name TEXT, digest BLOB, PRIMARY KEY (account, resource, day))",
    );
    db.prepare("INSERT INTO days VALUES ('acct', 'purchases', '2026-06-14', 1, ?, 3, ?, ?, ?)").run(T0, Buffer.from("x"), digest.name, digest.sealed);
    db.prepare("INSERT INTO days VALUES ('acct', 'purchases', '2026-06-13', 1, ?, 2, ?, NULL, NULL)").run(T0, Buffer.from("y"));
    db.close();
    const reopened = storeOn(old);
    expect(await reopened.readDigests("acct", "purchases", ["2026-06-14", "2026-06-13"])).toEqual([
      { resource: "purchases", day: "2026-06-14", complete: true, fetchedAt: T0, count: 3, digest },
      { resource: "purchases", day: "2026-06-13", complete: true, fetchedAt: T0, count: 2, digest: null },
    ]);
    // The day written again without a digest has none, whatever its old column still holds.
    await reopened.writeDay("acct", day("purchases", "2026-06-14", { fetchedAt: T0 }));
    await reopened.close();
    const again = storeOn(old);
    expect((await again.readDigests("acct", "purchases", ["2026-06-14"]))[0]?.digest).toBeNull();
  });

  /** A file as the first versions made it (days alone, no digest, no notes), holding one day. */
  async function fileWithOneOldDay(): Promise<string> {
    const old = tempFile();
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(old);
    db.exec("CREATE TABLE days (account TEXT NOT NULL, resource TEXT NOT NULL, day TEXT NOT NULL, complete INTEGER NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, sealed BLOB NOT NULL, PRIMARY KEY (account, resource, day))");
    db.prepare("INSERT INTO days VALUES ('acct', 'purchases', '2026-06-14', 1, ?, 3, ?)").run(T0, Buffer.from("x"));
    db.close();
    return old;
  }

  it("opens a file made before days had digests, and keeps digests for its days", async () => {
    const digest = { name: "summary/1", sealed: Buffer.from("sealed-summary") };
    const old = await fileWithOneOldDay();
    const reopened = storeOn(old);
    expect(await reopened.readDigests("acct", "purchases", ["2026-06-14"])).toEqual([{ resource: "purchases", day: "2026-06-14", complete: true, fetchedAt: T0, count: 3, digest: null }]);
    expect(await reopened.writeDigest("acct", "purchases", "2026-06-14", T0, digest)).toBe(true);
  });

  it("opens a file made before days had notes: its days' notes are unknown until written, and a second opening adds nothing", async () => {
    const old = await fileWithOneOldDay();
    const reopened = storeOn(old);
    expect((await reopened.readMarks("acct", "purchases", ["2026-06-14"]))[0]?.notes).toBeNull();
    await reopened.writeNotes("acct", "purchases", [{ day: "2026-06-14", fetchedAt: T0, notes: 0 }]);
    const again = storeOn(old);
    expect((await again.readMarks("acct", "purchases", ["2026-06-14"]))[0]?.notes).toBe(0);
    await again.writeDay("acct", day("purchases", "2026-06-13", { notes: 1 }));
    expect((await reopened.readMarks("acct", "purchases", ["2026-06-13"]))[0]?.notes).toBe(1);
  });
});
