import { expect, it } from "vitest";
import { cartFactRow } from "@/lib/query/cart-facts";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { DuckDbCartFactStore } from "@/lib/store/duckdb/duckdb-cart-fact-store";
import { DuckDbFactTableStore } from "@/lib/store/duckdb/duckdb-fact-table-store";
import { openDuckDbFile } from "@/lib/store/duckdb/duckdb-instance";
import { DUCKDB_PURCHASE_FACTS } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import type { PurchaseFactRow } from "@/lib/store/purchase-fact-store";
import { cartDays } from "../support/cart-facts-fixture";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";
import { sqliteFiles } from "../support/sqlite-files";

// Each day of the DuckDB file's carts and purchases keeps how many of its records another row of
// the account stores again (`repeats`) and, of the purchases, how many front purchases share their
// checkout with another front purchase (`checkout_repeats`), as PostgreSQL's days do
// (tests/backends): the Abandonment panels read a range whose days all say 0 without numbering
// copies (lib/store/cart-panel-sql.ts). A file made before the counts gets their columns, unknown.
const newFile = sqliteFiles("salesdash-duckdb-repeats-");
const duckDbFile = () => newFile().replace(/\.sqlite$/, ".duckdb");

const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
const purchase = (purchaseId: number, checkoutId: string | null, purchaseType = "front"): PurchaseFactRow => ({ ...one, purchaseId, checkout: { ...one.checkout, checkoutId }, dims: { ...one.dims, purchaseType } });
const cart = (checkoutId: string) => ({ ...cartFactRow(cartDays().get("2026-03-10")![0]!), checkoutId });

type Marks = Record<string, [number | null, number | null] | [number | null]>;
const marksOf = async (store: DuckDbFactTableStore<PurchaseFactRow>, table: "purchase_fact_days" | "cart_fact_days"): Promise<Marks> => {
  const checkouts = table === "purchase_fact_days" ? ", checkout_repeats" : "";
  const rows = await store.all<{ day: string; repeats: number | null; checkout_repeats?: number | null }>({ text: `SELECT day, repeats${checkouts} FROM ${table} WHERE account = 'acct' ORDER BY day`, args: [] });
  return Object.fromEntries(rows.map((r) => [r.day, table === "purchase_fact_days" ? [r.repeats, r.checkout_repeats ?? null] : [r.repeats]]));
};

it("counts the purchases and carts another row stores again, and the front purchases whose checkout another front purchase has", async () => {
  const file = duckDbFile();
  const purchases = new DuckDbFactTableStore<PurchaseFactRow>(file, DUCKDB_PURCHASE_FACTS);
  const carts = new DuckDbCartFactStore(file);
  try {
    // Another account's purchase 1 of c1, an upsell of c2, and fronts without a checkout ("" or none) share nothing.
    await purchases.replaceDay("other", "2026-03-09", NOW, [purchase(1, "c1")]);
    await purchases.replaceDay("acct", "2026-03-10", NOW, [purchase(1, "c1"), purchase(2, "c2"), purchase(3, "c2", "upsell"), purchase(4, ""), purchase(5, ""), purchase(6, null), purchase(7, null)]);
    expect(await marksOf(purchases, "purchase_fact_days")).toEqual({ "2026-03-10": [0, 0] });
    await purchases.replaceDay("acct", "2026-03-11", NOW, [purchase(8, "c3")]);
    expect(await marksOf(purchases, "purchase_fact_days")).toEqual({ "2026-03-10": [0, 0], "2026-03-11": [0, 0] });
    // Purchase 2 again (an upsell now), c1's second front purchase, c4 bought twice on one day.
    await purchases.replaceDay("acct", "2026-03-12", NOW, [purchase(2, "c9", "upsell"), purchase(9, "c1"), purchase(10, "c4"), purchase(11, "c4")]);
    expect(await marksOf(purchases, "purchase_fact_days")).toEqual({ "2026-03-10": [0, 0], "2026-03-11": [0, 0], "2026-03-12": [1, 3] });
    // The day stored again without them: nothing repeats there any more.
    await purchases.replaceDay("acct", "2026-03-12", NOW + 1, [purchase(12, "c5")]);
    expect((await marksOf(purchases, "purchase_fact_days"))["2026-03-12"]).toEqual([0, 0]);

    await carts.replaceDay("acct", "2026-03-10", NOW, [cart("c1"), cart("c2")]);
    expect(await marksOf(purchases, "cart_fact_days")).toEqual({ "2026-03-10": [0] });
    // c1 again on a later day, c5 twice on it: each of those rows counts.
    await carts.replaceDay("acct", "2026-03-11", NOW, [cart("c1"), cart("c5"), cart("c5"), cart("c6")]);
    expect(await marksOf(purchases, "cart_fact_days")).toEqual({ "2026-03-10": [0], "2026-03-11": [3] });
  } finally {
    await Promise.all([purchases.close(), carts.close()]);
  }
});

it("gives a file made before the counts their columns, and counts its days when it opens", async () => {
  const file = duckDbFile();
  const old = openDuckDbFile(file);
  await old.withConnection(async (connection) => {
    await connection.run("CREATE TABLE purchase_fact_days (account VARCHAR NOT NULL, day VARCHAR NOT NULL, fetched_at BIGINT NOT NULL, count INTEGER NOT NULL, customers BLOB, PRIMARY KEY (account, day))");
    await connection.run("INSERT INTO purchase_fact_days VALUES ('acct', '2026-03-10', 1, 0, NULL)");
  });
  await old.release();
  const purchases = new DuckDbFactTableStore<PurchaseFactRow>(file, DUCKDB_PURCHASE_FACTS);
  try {
    expect(await marksOf(purchases, "purchase_fact_days")).toEqual({ "2026-03-10": [0, 0] });
    await purchases.replaceDay("acct", "2026-03-11", NOW, [purchase(1, "c1")]);
    expect(await marksOf(purchases, "purchase_fact_days")).toEqual({ "2026-03-10": [0, 0], "2026-03-11": [0, 0] });
  } finally {
    await purchases.close();
  }
});

// An earlier version's days, written before the counts were kept: NULL, which the Abandonment
// panels read as repeating (the slow read), and a sealed day is never fetched again to be counted.
it("counts, when the file opens, the days whose counts are unknown, each against every day the file holds", async () => {
  const file = duckDbFile();
  const first = { purchases: new DuckDbFactTableStore<PurchaseFactRow>(file, DUCKDB_PURCHASE_FACTS), carts: new DuckDbCartFactStore(file) };
  await first.purchases.replaceDay("other", "2026-03-09", NOW, [purchase(1, "c1")]);
  await first.purchases.replaceDay("acct", "2026-03-10", NOW, [purchase(1, "c1"), purchase(2, "c2"), purchase(3, "c2", "upsell")]);
  await first.purchases.replaceDay("acct", "2026-03-12", NOW, [purchase(2, "c9", "upsell"), purchase(9, "c1"), purchase(10, "c4"), purchase(11, "c4")]);
  await first.carts.replaceDay("acct", "2026-03-10", NOW, [cart("c1"), cart("c2")]);
  await first.carts.replaceDay("acct", "2026-03-11", NOW, [cart("c1"), cart("c5"), cart("c5"), cart("c6")]);
  await first.purchases.all({ text: "UPDATE purchase_fact_days SET repeats = NULL, checkout_repeats = NULL", args: [] });
  await first.purchases.all({ text: "UPDATE cart_fact_days SET repeats = NULL", args: [] });
  expect(await marksOf(first.purchases, "purchase_fact_days")).toEqual({ "2026-03-10": [null, null], "2026-03-12": [null, null] });
  await Promise.all([first.purchases.close(), first.carts.close()]);

  const purchases = new DuckDbFactTableStore<PurchaseFactRow>(file, DUCKDB_PURCHASE_FACTS);
  const carts = new DuckDbCartFactStore(file);
  try {
    // Counted together, each day says what another day holds again: on the 10th purchase 2 and
    // c1's front purchase (the 12th has them), and c1's cart (the 11th has it).
    expect({ purchases: await marksOf(purchases, "purchase_fact_days"), carts: await marksOf(purchases, "cart_fact_days") }).toEqual({
      purchases: { "2026-03-10": [1, 1], "2026-03-12": [1, 3] },
      carts: { "2026-03-10": [1], "2026-03-11": [3] },
    });
    const other = await purchases.all<{ repeats: number; checkout_repeats: number }>({ text: "SELECT repeats, checkout_repeats FROM purchase_fact_days WHERE account = 'other'", args: [] });
    expect(other).toEqual([{ repeats: 0, checkout_repeats: 0 }]);
  } finally {
    await Promise.all([purchases.close(), carts.close()]);
  }
});
