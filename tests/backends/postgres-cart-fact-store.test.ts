import type { Pool } from "pg";
import { describe, expect, it } from "vitest";
import { PostgresCartFactStore } from "@/lib/store/postgres/postgres-cart-fact-store";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { cartFactRow } from "@/lib/query/cart-facts";
import { cartDays, fillCartFactStore } from "../support/cart-facts-fixture";
import { cartFactStoreBehaviour } from "../support/cart-fact-store-behaviour";
import { cartsHoldToRecords } from "../support/cart-query-property";
import { cartPanelsHoldToRows } from "../support/cart-panels-property";
import { writesDayOfManyRows } from "../support/fact-day-store-behaviour";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { schemaOfFile, TEST_DATABASE_URL } from "../support/postgres-test-schema";

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

describe("each day's count of carts also stored on another day (repeats)", () => {
  const cart = (checkoutId: string) => ({ ...cartFactRow(cartDays().get("2026-03-10")![0]!), checkoutId });
  const repeats = async (pool: Pool, account: string) =>
    Object.fromEntries((await pool.query<{ day: string; repeats: number | null }>("SELECT day, repeats FROM salesdash_cart_fact_days WHERE account = $1 ORDER BY day", [account])).rows.map((r) => [r.day, r.repeats]));

  it("counts a cart a later day's write finds on another day, or twice in its own; another account's is not one", async () => {
    const pool = await db.emptied();
    const store = new PostgresCartFactStore(pool);
    await store.replaceDay("other", "2026-03-04", 1, [cart("c1")]);
    await store.replaceDay("creator", "2026-03-05", 1, [cart("c1"), cart("c2")]);
    await store.replaceDay("creator", "2026-03-06", 1, [cart("c3")]);
    expect(await repeats(pool, "creator")).toEqual({ "2026-03-05": 0, "2026-03-06": 0 });
    // c1 again: the later write counts it; the earlier day's 0 stays true of that day alone.
    await store.replaceDay("creator", "2026-03-07", 1, [cart("c1"), cart("c4"), cart("c4")]);
    expect(await repeats(pool, "creator")).toEqual({ "2026-03-05": 0, "2026-03-06": 0, "2026-03-07": 2 });
    // The day stored again without them: none repeats there any more.
    await store.replaceDay("creator", "2026-03-07", 2, [cart("c5")]);
    expect((await repeats(pool, "creator"))["2026-03-07"]).toBe(0);
  });

  it("counts a cart that two instances write to two days at once on one of them", async () => {
    await db.emptied();
    const stores = [0, 1].map(() => new PostgresCartFactStore(TEST_DATABASE_URL, { schema: db.schema.name }));
    try {
      for (let round = 0; round < 5; round++) {
        const id = `shared-${round}`;
        await Promise.all(stores.map((store, i) => store.replaceDay("creator", `2026-04-${String(10 + 2 * round + i).padStart(2, "0")}`, 1, [cart(id), cart(`own-${round}-${i}`)])));
      }
      const marks = Object.values(await repeats(db.schema.pool, "creator"));
      // Each round's shared cart is counted once, on whichever day was written second.
      expect(marks.reduce((sum: number, n) => sum + (n ?? 0), 0)).toBe(5);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
