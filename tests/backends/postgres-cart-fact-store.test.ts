import type { Pool } from "pg";
import { describe, expect, it, vi } from "vitest";
import { CART_ROW_COLUMNS, cartRowValues } from "@/lib/store/cart-fact-sql";
import type { CartFactRow } from "@/lib/store/cart-fact-store";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { PostgresCartFactStore } from "@/lib/store/postgres/postgres-cart-fact-store";
import { PostgresFactTableStore } from "@/lib/store/postgres/postgres-fact-table-store";
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

  it("counts a cart that two instances write to two days at once on at least one of them", async () => {
    await db.emptied();
    const stores = [0, 1].map(() => new PostgresCartFactStore(TEST_DATABASE_URL, { schema: db.schema.name }));
    try {
      const rounds = [0, 1, 2, 3, 4].map((round) => [0, 1].map((i) => `2026-04-${String(10 + 2 * round + i).padStart(2, "0")}`));
      for (const [round, days] of rounds.entries()) {
        await Promise.all(stores.map((store, i) => store.replaceDay("creator", days[i]!, 1, [cart(`shared-${round}`), cart(`own-${round}-${i}`)])));
      }
      const marks = await repeats(db.schema.pool, "creator");
      // Whichever committed second counted after both had committed: its day says 1.
      for (const days of rounds) expect(Math.max(...days.map((day) => marks[day] ?? 0))).toBe(1);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it("forgets the count when a writer that keeps none (an instance older than migration 0019) writes the day again", async () => {
    const pool = await db.emptied();
    const store = new PostgresCartFactStore(pool);
    await store.replaceDay("creator", "2026-03-05", 1, [cart("c1")]);
    await store.replaceDay("creator", "2026-03-06", 1, [cart("c2")]);
    expect(await repeats(pool, "creator")).toEqual({ "2026-03-05": 0, "2026-03-06": 0 });
    // The older writer's mark for 2026-03-06 written again from another fetch (its rows might now repeat c1), as its replaceFactDay wrote it.
    await pool.query(
      `INSERT INTO salesdash_cart_fact_days (account, day, fetched_at, count) VALUES ('creator', '2026-03-06', 2, 1)
       ON CONFLICT (account, day) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, count = EXCLUDED.count`,
    );
    expect(await repeats(pool, "creator")).toEqual({ "2026-03-05": 0, "2026-03-06": null });
    // A count made for the day's fetch stays when nothing else about the day changes.
    await pool.query("UPDATE salesdash_cart_fact_days SET repeats = 0 WHERE account = 'creator' AND day = '2026-03-06'");
    expect((await repeats(pool, "creator"))["2026-03-06"]).toBe(0);
  });
});

// The Abandonment panels' purchased checkouts are read beside the carts' fill (cart-panel-sql.ts):
// on another connection, which must see what the read's own connection sees.
describe("a scratch read's read beside it", () => {
  const cart = (checkoutId: string) => ({ ...cartFactRow(cartDays().get("2026-03-10")![0]!), checkoutId });
  const table = (pool: Pool) => new PostgresFactTableStore<CartFactRow>({ rows: "salesdash_cart_facts", columns: CART_ROW_COLUMNS, days: "salesdash_cart_fact_days", valuesOf: cartRowValues, key: "checkout_id" }, pool);
  const count = { text: "SELECT pg_backend_pid() AS pid, COUNT(*)::int AS n FROM salesdash_cart_facts WHERE account = $1", args: ["creator"] };
  type Seen = { pid: number; n: number };
  /** What the read's own connection and the one beside it count, a day written by another instance between them. */
  const seen = (pool: Pool, store: PostgresCartFactStore, day: string) =>
    table(pool).scratchRead(async (reader) => {
      const [own] = await reader.all<Seen>(count);
      await store.replaceDay("creator", day, 1, [cart(`c-${day}`)]);
      const [other] = await reader.beside!<Seen>(count);
      return { own: own!, other: other! };
    });

  it("reads on another connection from the read's snapshot: a day written after the read began is not there", async () => {
    const pool = await db.emptied();
    const store = new PostgresCartFactStore(pool);
    await store.replaceDay("creator", "2026-03-05", 1, [cart("c1")]);
    const { own, other } = await seen(pool, store, "2026-03-06");
    expect(other.pid).not.toBe(own.pid);
    expect([own.n, other.n]).toEqual([1, 1]);
    expect((await pool.query<{ n: number }>(count.text, count.args)).rows[0]!.n).toBe(2);
  });

  it("reads on the read's own connection where no other can be had (the server refusing one more client)", async () => {
    const pool = await db.emptied();
    const store = new PostgresCartFactStore(pool);
    await store.replaceDay("creator", "2026-03-05", 1, [cart("c1")]);
    const own = createPostgresPool(TEST_DATABASE_URL, { schema: db.schema.name, max: 4 });
    const connect = own.connect.bind(own);
    let calls = 0;
    // The read's own connection, then a refusal.
    const spy = vi.spyOn(own, "connect").mockImplementation((() => (++calls === 1 ? connect() : Promise.reject(new Error("sorry, too many clients already")))) as typeof own.connect);
    try {
      const { own: mine, other } = await seen(own, store, "2026-03-06");
      expect(calls).toBe(2);
      expect(other.pid).toBe(mine.pid);
      expect([mine.n, other.n]).toEqual([1, 1]);
    } finally {
      spy.mockRestore();
      await own.end();
    }
  });

  it("reads on the read's own connection where the pool has none to spare, and never waits for one", async () => {
    const pool = await db.emptied();
    const store = new PostgresCartFactStore(pool);
    await store.replaceDay("creator", "2026-03-05", 1, [cart("c1")]);
    const one = createPostgresPool(TEST_DATABASE_URL, { schema: db.schema.name, max: 1 });
    try {
      const { own, other } = await seen(one, store, "2026-03-06");
      expect(other.pid).toBe(own.pid);
      expect([own.n, other.n]).toEqual([1, 1]);
    } finally {
      await one.end();
    }
  });
});
