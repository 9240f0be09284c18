import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresCartFactStore } from "@/lib/store/postgres/postgres-cart-fact-store";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { cartFactRow } from "@/lib/query/cart-facts";
import { cartDays, fillCartFactStore, NOW } from "../support/cart-facts-fixture";
import { cartFactStoreBehaviour } from "../support/cart-fact-store-behaviour";
import { cartsHoldToRecords } from "../support/cart-query-property";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// The carts fact table on PostgreSQL: the same suite as SQLite's, each store on a pool of its
// own (an instance), then what only a shared database adds.
const TABLES = ["salesdash_cart_facts", "salesdash_cart_fact_days"];
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

cartFactStoreBehaviour("PostgresCartFactStore", {
  async open() {
    await schema.truncate(...TABLES);
    return new PostgresCartFactStore(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
  },
});

describe("PostgresCartFactStore in a shared database", () => {
  it("writes a day of more rows than one statement takes parameters for", async () => {
    await schema.truncate(...TABLES);
    const store = new PostgresCartFactStore(schema.pool);
    const one = cartFactRow(cartDays().get("2026-03-10")![0]!);
    const rows = Array.from({ length: 5000 }, (_, i) => ({ ...one, checkoutId: `c${i}` }));
    await store.replaceDay("acct", "2026-03-10", NOW, rows);
    const { rows: counted } = await schema.pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM salesdash_cart_facts WHERE account = 'acct'");
    expect(Number(counted[0]!.n)).toBe(5000);
  });
});

it("gives the records' Abandonment view for 30 random queries with the purchases table beside it, as SQLite does for 100 (tests/unit)", async () => {
  await schema.truncate(...TABLES, "salesdash_purchase_facts", "salesdash_purchase_fact_days");
  const store = new PostgresCartFactStore(schema.pool);
  const purchases = new PostgresPurchaseFactStore(schema.pool);
  await fillCartFactStore(store);
  await fillFactStore(purchases, "creator", "creator");
  await cartsHoldToRecords(store, 30, purchases);
}, 240_000);
