import { it } from "vitest";
import { DuckDbCartFactStore } from "@/lib/store/duckdb/duckdb-cart-fact-store";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { fillCartFactStore } from "../support/cart-facts-fixture";
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

cartFactStoreBehaviour("DuckDbCartFactStore", { open: async () => new DuckDbCartFactStore(duckDbFile()) });

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

it("aggregates each Abandonment panel as the record engine makes it of the same rows, over 60 draws of random carts and purchases, as SQLite does over 150", () =>
  withBoth((carts, purchases) => cartPanelsHoldToRows(carts, purchases, 60)), 240_000);
