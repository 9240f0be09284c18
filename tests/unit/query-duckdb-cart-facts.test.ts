import { expect, it, vi } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { cartFactRows } from "@/lib/query/cart-facts";
import { cartPanelPlan } from "@/lib/query/cart-panels";
import { DuckDbFactTableStore } from "@/lib/store/duckdb/duckdb-fact-table-store";
import { DuckDbCartFactStore } from "@/lib/store/duckdb/duckdb-cart-fact-store";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { cartDays, fillCartFactStore, NOW } from "../support/cart-facts-fixture";
import { cartFactStoreBehaviour } from "../support/cart-fact-store-behaviour";
import { cartPanelsHoldToRows } from "../support/cart-panels-property";
import { cartsHoldToRecords } from "../support/cart-query-property";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { sqliteFiles } from "../support/sqlite-files";

// The carts fact table on DuckDB (SALESDASH_FACT_ENGINE=duckdb), each store on a new file of a
// temporary directory: the suite SQLite runs here and PostgreSQL in tests/backends, then the
// random queries' and the panels' properties with the purchases' store on the same file (one
// instance, as in the app's worker thread).
const newFile = sqliteFiles("salesdash-duckdb-carts-");
const duckDbFile = () => newFile().replace(/\.sqlite$/, ".duckdb");

cartFactStoreBehaviour("DuckDbCartFactStore", { open: async () => new DuckDbCartFactStore(duckDbFile()), queuesWrites: true });

/** A carts store and a purchases store on one new file. */
async function withBoth(run: (carts: DuckDbCartFactStore, purchases: DuckDbPurchaseFactStore) => Promise<void>): Promise<void> {
  const file = duckDbFile();
  const carts = new DuckDbCartFactStore(file);
  const purchases = new DuckDbPurchaseFactStore(file);
  try {
    await run(carts, purchases);
  } finally {
    await Promise.all([carts.close(), purchases.close()]);
  }
}

it("gives the records' Abandonment view for 40 random queries with the purchases table beside it, as SQLite does for 100", () =>
  withBoth(async (carts, purchases) => {
    await fillCartFactStore(carts);
    await fillFactStore(purchases, "creator", "creator");
    await cartsHoldToRecords(carts, 40, purchases);
  }), 240_000);

// Sixty draws are few for the property's own check that many of them found several recovery
// delays (more than a tenth): with a seed drawn each run, a CI run drew only 5 such of 60 and
// failed though every panel agreed. A fixed seed whose draws pass that check (SQLite's 150
// draws, tests/unit/cart-panels-property.test.ts, keep drawing anew).
const PANELS_SEED = 20261130;

it("aggregates each Abandonment panel as the record engine makes it of the same rows, over 60 draws of random carts and purchases, as SQLite does over 150", () =>
  withBoth((carts, purchases) => cartPanelsHoldToRows(carts, purchases, 60, PANELS_SEED)), 240_000);

it("keeps the panels' groups between two reads of the same plan while no table of the file is written, as SQLite keeps them", () =>
  withBoth(async (carts, purchases) => {
    const total = (groups: { totals: Array<{ carts: number }> }) => groups.totals.reduce((n, t) => n + t.carts, 0);
    // Counted where the groupings run: the read on one connection that makes the selections.
    const grouped = vi.spyOn(DuckDbFactTableStore.prototype, "scratchRead");
    try {
      const days = cartDays();
      const first = cartFactRows(days.get("2026-03-10")!);
      await carts.replaceDay("acct", "2026-03-10", NOW, first);
      const { plan } = cartPanelPlan({ from: "2026-03-10", to: "2026-03-11", timeZone: "UTC", filters: {}, granularity: "day", purchaseKeys: ["product"] }, assumeCurrency(null));
      const before = await carts.cartPanels("acct", plan);
      expect(total(before)).toBe(first.length);
      const again = await carts.cartPanels("acct", plan);
      expect(again).toEqual(before);
      expect(grouped).toHaveBeenCalledTimes(1);
      // A copy each time: changing one answer changes no later one.
      again.totals.length = 0;
      expect(await carts.cartPanels("acct", plan)).toEqual(before);
      expect(grouped).toHaveBeenCalledTimes(1);

      // A day written by this store: grouped again.
      await carts.replaceDay("acct", "2026-03-10", NOW, first.slice(1));
      expect(total(await carts.cartPanels("acct", plan))).toBe(first.length - 1);
      expect(grouped).toHaveBeenCalledTimes(2);

      // A day written by another store of the file (the purchases' the panels read): grouped again.
      await purchases.replaceDay("acct", "2026-03-11", NOW, []);
      await carts.cartPanels("acct", plan);
      expect(grouped).toHaveBeenCalledTimes(3);
      // Another plan is grouped on its own.
      await carts.cartPanels("acct", { ...plan, only: "kpis" });
      expect(grouped).toHaveBeenCalledTimes(4);
      await carts.cartPanels("acct", plan);
      expect(grouped).toHaveBeenCalledTimes(4);
    } finally {
      grouped.mockRestore();
    }
  }), 60_000);

