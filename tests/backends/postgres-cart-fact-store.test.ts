import { it } from "vitest";
import { PostgresCartFactStore } from "@/lib/store/postgres/postgres-cart-fact-store";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { cartFactRow } from "@/lib/query/cart-facts";
import { cartDays, fillCartFactStore } from "../support/cart-facts-fixture";
import { cartFactStoreBehaviour } from "../support/cart-fact-store-behaviour";
import { cartsHoldToRecords } from "../support/cart-query-property";
import { cartPanelsHoldToRows } from "../support/cart-panels-property";
import { writesDayOfManyRows } from "../support/fact-day-store-behaviour";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { schemaOfFile } from "../support/postgres-test-schema";

// The carts fact table on PostgreSQL: the same suite as SQLite's, each store on a pool of its
// own (an instance), then what only a shared database adds.
const db = schemaOfFile(["salesdash_cart_facts", "salesdash_cart_fact_days"]);

cartFactStoreBehaviour("PostgresCartFactStore", db.backend((url, options) => new PostgresCartFactStore(url, options)));

writesDayOfManyRows("PostgresCartFactStore", db, (pool) => new PostgresCartFactStore(pool), "salesdash_cart_facts", () => cartFactRow(cartDays().get("2026-03-10")![0]!), (one, i) => ({ ...one, checkoutId: `c${i}` }));

it("gives the records' Abandonment view for 30 random queries with the purchases table beside it, as SQLite does for 100 (tests/unit)", async () => {
  const pool = await db.emptied();
  await db.schema.truncate("salesdash_purchase_facts", "salesdash_purchase_fact_days");
  const store = new PostgresCartFactStore(pool);
  const purchases = new PostgresPurchaseFactStore(pool);
  await fillCartFactStore(store);
  await fillFactStore(purchases, "creator", "creator");
  await cartsHoldToRecords(store, 30, purchases);
}, 240_000);

it("aggregates each Abandonment panel as the record engine makes it of the same rows, over 60 draws of random carts and purchases, as SQLite does over 150 (tests/unit)", async () => {
  const pool = await db.emptied();
  await db.schema.truncate("salesdash_purchase_facts", "salesdash_purchase_fact_days");
  await cartPanelsHoldToRows(new PostgresCartFactStore(pool), new PostgresPurchaseFactStore(pool), 60);
}, 240_000);
