import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { describeLeaseStore } from "../support/lease-store-suite";
import { mirrorDay as day, mirrorStoreBehaviour, T0 } from "../support/mirror-store-behaviour";

// The mirror's SQLite back-end: the behaviour every mirror store keeps (tests/support, also run
// against PostgreSQL in tests/backends), then what only a file has: its mode, the bytes left on
// disk after a forget, and files made by older versions.
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
    for (let i = 1; i <= 20; i++) await store.writeDay("acct", day("purchases", `2026-05-${String(i).padStart(2, "0")}`, { sealed: Buffer.from(`${secret}#${i}`.repeat(20)) }));
    await store.writeDay("other", day("purchases", "2026-05-01"));
    await store.forget("acct");
    expect(await store.listDays("acct")).toEqual([]);
    const dir = path.dirname(file);
    const bytes = Buffer.concat(fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name))));
    expect(bytes.includes(Buffer.from(secret))).toBe(false);
  });

  it("opens a file made before days had digests, and adds the columns", async () => {
    const digest = { name: "summary/1", sealed: Buffer.from("sealed-summary") };
    const old = tempFile();
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(old);
    db.exec("CREATE TABLE days (account TEXT NOT NULL, resource TEXT NOT NULL, day TEXT NOT NULL, complete INTEGER NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, sealed BLOB NOT NULL, PRIMARY KEY (account, resource, day))");
    db.prepare("INSERT INTO days VALUES ('acct', 'purchases', '2026-06-14', 1, ?, 3, ?)").run(T0, Buffer.from("x"));
    db.close();
    const reopened = storeOn(old);
    expect(await reopened.readDigests("acct", "purchases", ["2026-06-14"])).toEqual([{ resource: "purchases", day: "2026-06-14", complete: true, fetchedAt: T0, count: 3, digest: null }]);
    expect(await reopened.writeDigest("acct", "purchases", "2026-06-14", T0, digest)).toBe(true);
  });
});

// The lease rules, shared with the Redis back-end (tests/backends); two instances on one file.
describeLeaseStore("SqliteMirrorStore", () => {
  const shared = tempFile();
  return [storeOn(shared), storeOn(shared)];
});
