import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cartFactRows } from "@/lib/query/cart-facts";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { openWorkerCartFactStore } from "@/lib/store/worker-fact-stores";
import { cartDays, NOW } from "../support/cart-facts-fixture";
import { cartFactStoreBehaviour } from "../support/cart-fact-store-behaviour";

// The carts fact table on SQLite (the embedded default): the suite every back-end keeps (also
// run against PostgreSQL in tests/backends).
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

cartFactStoreBehaviour("SqliteCartFactStore", {
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-cart-facts-"));
    dirs.push(dir);
    return new SqliteCartFactStore(path.join(dir, "mirror.sqlite"));
  },
});

describe("the carts fact table in its worker thread, as the app opens it", () => {
  it("writes a day and answers its carts as the store does in this thread", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-cart-facts-worker-"));
    dirs.push(dir);
    const store = openWorkerCartFactStore(path.join(dir, "mirror.sqlite"));
    try {
      const rows = cartFactRows(cartDays().get("2026-03-10")!);
      await store.replaceDay("acct", "2026-03-10", NOW, rows);
      const plan = { days: { from: "2026-03-10", to: "2026-03-10" }, startMs: 0, endMs: NOW, filters: {} };
      expect(await store.carts("acct", plan)).toEqual(rows);
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([{ day: "2026-03-10", fetchedAt: NOW, count: rows.length }]);
    } finally {
      await store.close();
    }
  });
});
