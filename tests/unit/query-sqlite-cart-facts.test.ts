import { describe, expect, it } from "vitest";
import { cartFactRows } from "@/lib/query/cart-facts";
import { cartRowOf } from "@/lib/store/cart-fact-sql";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { cartPanelPlan } from "@/lib/query/cart-panels";
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

  it("aggregates the panels there as the store does in this thread (the plan and the groups cross as clones)", async () => {
    const path = file();
    await new SqlitePurchaseFactStore(path).close();
    const store = openWorkerCartFactStore(path);
    const here = new SqliteCartFactStore(path);
    try {
      await store.replaceDay("acct", "2026-03-10", NOW, cartFactRows(cartDays().get("2026-03-10")!));
      const { plan } = cartPanelPlan({ from: "2026-03-10", to: "2026-03-10", timeZone: "America/New_York", filters: {}, granularity: "hour", purchaseKeys: ["product"] }, assumeCurrency(null));
      const groups = await store.cartPanels("acct", plan);
      expect(groups.totals.reduce((n, t) => n + t.carts, 0)).toBeGreaterThan(0);
      expect(groups).toEqual(await here.cartPanels("acct", plan));
    } finally {
      await store.close();
      await here.close();
    }
  });
});

describe("the panels' groups kept between two reads of the same plan", () => {
  const total = (groups: { totals: Array<{ carts: number }> }) => groups.totals.reduce((n, t) => n + t.carts, 0);

  it("answer the same groups again, and new ones once a day is written by this store or by another connection to the file", async () => {
    const path = file();
    await new SqlitePurchaseFactStore(path).close();
    const store = new SqliteCartFactStore(path);
    const other = new SqliteCartFactStore(path);
    try {
      const days = cartDays();
      const first = cartFactRows(days.get("2026-03-10")!);
      await store.replaceDay("acct", "2026-03-10", NOW, first);
      const { plan } = cartPanelPlan({ from: "2026-03-10", to: "2026-03-11", timeZone: "UTC", filters: {}, granularity: "day", purchaseKeys: ["product"] }, assumeCurrency(null));
      const before = await store.cartPanels("acct", plan);
      expect(total(before)).toBe(first.length);
      const again = await store.cartPanels("acct", plan);
      expect(again).toEqual(before);
      // A copy each time: changing one answer changes no later one.
      again.totals.length = 0;
      expect(await store.cartPanels("acct", plan)).toEqual(before);

      // Written by this store's connection.
      await store.replaceDay("acct", "2026-03-10", NOW, first.slice(1));
      expect(total(await store.cartPanels("acct", plan))).toBe(first.length - 1);

      // Written by another connection: the groups kept are not answered.
      const second = cartFactRows(days.get("2026-03-11")!);
      expect(second.length).toBeGreaterThan(0);
      await other.replaceDay("acct", "2026-03-11", NOW, second);
      expect(total(await store.cartPanels("acct", plan))).toBe(first.length - 1 + second.length);
      expect(await store.cartPanels("acct", plan)).toEqual(await other.cartPanels("acct", plan));
    } finally {
      await store.close();
      await other.close();
    }
  });
});
