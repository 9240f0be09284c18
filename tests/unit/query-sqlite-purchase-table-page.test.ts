import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";
import { purchaseTablePageBehaviour } from "../support/purchase-table-page-behaviour";

// The purchases table's page from the SQLite fact table, in its worker thread as the app opens it
// (the same suite runs on PostgreSQL in tests/backends).
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

purchaseTablePageBehaviour("SqlitePurchaseFactStore in a worker thread", {
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-table-"));
    dirs.push(dir);
    return openWorkerPurchaseFactStore(path.join(dir, "mirror.sqlite"));
  },
});

describe("a fact table made before the table's sort values were columns", () => {
  it("is dropped with its days when the store opens, so the mirror writes each day's rows again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-table-"));
    dirs.push(dir);
    const file = path.join(dir, "mirror.sqlite");
    const old = new Database(file);
    old.exec(`CREATE TABLE purchase_facts (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL, purchase_id INTEGER NOT NULL, PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
      INSERT INTO purchase_facts VALUES ('acct', '2026-03-10', 0, 1);
      CREATE TABLE purchase_fact_days (account TEXT NOT NULL, day TEXT NOT NULL, fetched_at INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (account, day));
      INSERT INTO purchase_fact_days VALUES ('acct', '2026-03-10', ${NOW}, 1);`);
    old.close();
    const store = new SqlitePurchaseFactStore(file);
    try {
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([]);
      const rows = purchaseDays("creator").get("2026-03-10")!.map(purchaseFactRow);
      await store.replaceDay("acct", "2026-03-10", NOW, rows);
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([{ day: "2026-03-10", fetchedAt: NOW, count: rows.length }]);
    } finally {
      await store.close();
    }
    // A store opened again on the new table keeps what it holds.
    const again = new SqlitePurchaseFactStore(file);
    try {
      expect((await again.readDayMeta("acct", ["2026-03-10"])).length).toBe(1);
    } finally {
      await again.close();
    }
  });
});
