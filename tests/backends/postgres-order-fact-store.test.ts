import { expect, it } from "vitest";
import { PostgresOrderFactStore } from "@/lib/store/postgres/postgres-order-fact-store";
import { orderFactRow } from "@/lib/query/order-facts";
import { writesDayOfManyRows } from "../support/fact-day-store-behaviour";
import { fillOrderFactStore, NOW, orderDays } from "../support/order-facts-fixture";
import { orderFactStoreBehaviour } from "../support/order-fact-store-behaviour";
import { ordersHoldToRecords } from "../support/order-query-property";
import { schemaOfFile } from "../support/postgres-test-schema";

// The orders fact table on PostgreSQL: the same suite as SQLite's, each store on a pool of its
// own (an instance), then what only a shared database adds.
const db = schemaOfFile(["salesdash_order_facts", "salesdash_order_fact_days"]);

orderFactStoreBehaviour("PostgresOrderFactStore", db.backend((url, options) => new PostgresOrderFactStore(url, options)));

writesDayOfManyRows("PostgresOrderFactStore", db, (pool) => new PostgresOrderFactStore(pool), "salesdash_order_facts", () => orderFactRow(orderDays().get("2026-03-10")![0]!), (one, i) => ({ ...one, orderId: i + 1 }), async (store) => {
  expect(await store.readDayMeta("acct", ["2026-03-10", "2026-03-11"])).toEqual([{ day: "2026-03-10", fetchedAt: NOW, count: 5000 }]);
});

it("gives the records' Orders view for 50 random queries, as SQLite does for 150 (tests/unit)", async () => {
  const store = new PostgresOrderFactStore(await db.emptied());
  await fillOrderFactStore(store);
  await ordersHoldToRecords(store, 50);
}, 120_000);
