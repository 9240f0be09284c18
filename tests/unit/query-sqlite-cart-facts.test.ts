import { describe, expect, it } from "vitest";
import { cartFactRows } from "@/lib/query/cart-facts";
import { cartRowOf } from "@/lib/store/cart-fact-sql";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { openWorkerCartFactStore } from "@/lib/store/worker-fact-stores";
import { cartDays, NOW } from "../support/cart-facts-fixture";
import { cartFactStoreBehaviour } from "../support/cart-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The carts fact table on SQLite (the embedded default): the suite every back-end keeps (also
// run against PostgreSQL in tests/backends).
const file = sqliteFiles("salesdash-cart-facts-");

cartFactStoreBehaviour("SqliteCartFactStore", { open: async () => new SqliteCartFactStore(file()) });

describe("the carts fact table in its worker thread, as the app opens it", () => {
  it("writes a day and answers its carts as the store does in this thread", async () => {
    const store = openWorkerCartFactStore(file());
    try {
      const rows = cartFactRows(cartDays().get("2026-03-10")!);
      await store.replaceDay("acct", "2026-03-10", NOW, rows);
      const plan = { days: { from: "2026-03-10", to: "2026-03-10" }, startMs: 0, endMs: NOW, filters: {} };
      expect((await store.carts("acct", plan)).map(cartRowOf)).toEqual(rows);
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([{ day: "2026-03-10", fetchedAt: NOW, count: rows.length }]);
    } finally {
      await store.close();
    }
  });
});
