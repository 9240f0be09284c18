import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { orderFactRows } from "@/lib/query/order-facts";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { openWorkerOrderFactStore } from "@/lib/store/worker-fact-stores";
import { NOW, orderDays } from "../support/order-facts-fixture";
import { orderTablePageBehaviour } from "../support/order-table-page-behaviour";

// The orders table's page from the SQLite fact table, in its worker thread as the app opens it
// (the same suite runs on PostgreSQL in tests/backends).
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const newDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-order-table-"));
  dirs.push(dir);
  return dir;
};

orderTablePageBehaviour("SqliteOrderFactStore (worker)", {
  async open() {
    return openWorkerOrderFactStore(path.join(newDir(), "mirror.sqlite"));
  },
});

describe("an orders fact table made before the table's sort values were columns", () => {
  it("is dropped with its days when the store opens, so the mirror writes each day's rows again", async () => {
    const file = path.join(newDir(), "mirror.sqlite");
    const old = new Database(file);
    old.exec(`CREATE TABLE order_facts (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL, order_id INTEGER NOT NULL, PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
      INSERT INTO order_facts VALUES ('acct', '2026-03-10', 0, 1);
      CREATE TABLE order_fact_days (account TEXT NOT NULL, day TEXT NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (account, day));
      INSERT INTO order_fact_days VALUES ('acct', '2026-03-10', ${NOW}, 1);`);
    old.close();
    const store = new SqliteOrderFactStore(file);
    try {
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([]);
      const rows = orderFactRows(orderDays().get("2026-03-10")!);
      await store.replaceDay("acct", "2026-03-10", NOW, rows);
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([{ day: "2026-03-10", fetchedAt: NOW, count: rows.length }]);
    } finally {
      await store.close();
    }
    // A store opened again on the new table keeps what it holds.
    const again = new SqliteOrderFactStore(file);
    try {
      expect((await again.readDayMeta("acct", ["2026-03-10"])).length).toBe(1);
    } finally {
      await again.close();
    }
  });
});
