// Migration 0021: the days written before migrations 0019 and 0020 (their counts NULL, read as
// repeating, so the Abandonment panels number every copy of their ranges for good: a sealed day
// is never fetched again) are counted once, each against every day the tables hold. A database
// is migrated to 0020, days are written and their counts forgotten as an earlier version left
// them, then the rest of the migrations run: each day says whether another row stores its record
// again (0 exactly when none does), and a day counted already keeps its count.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cartFactRow } from "@/lib/query/cart-facts";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { MIGRATIONS_DIR, migratePostgres } from "@/lib/store/postgres/migrate";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { PostgresCartFactStore } from "@/lib/store/postgres/postgres-cart-fact-store";
import { tallyDayStatement } from "@/lib/store/postgres/day-tallies";
import { choicesDayStatement } from "@/lib/store/postgres/order-day-choices";
import { orderFactRow } from "@/lib/query/order-facts";
import { orderRowValues, ORDER_ROW_COLUMNS } from "@/lib/store/order-fact-sql";
import type { OrderFactRow } from "@/lib/store/order-fact-store";
import { orderDays } from "../support/order-facts-fixture";
import { PostgresFactTableStore } from "@/lib/store/postgres/postgres-fact-table-store";
import { PURCHASE_FACT_DAYS, PURCHASE_FACTS } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { ROW_COLUMNS, rowValues } from "@/lib/store/purchase-fact-sql";
import { FACT_SUMS, type PurchaseFactRow } from "@/lib/store/purchase-fact-store";
import { cartDays } from "../support/cart-facts-fixture";
import { randomSchemaName, TEST_DATABASE_URL } from "../support/postgres-test-schema";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";

const schema = randomSchemaName();
const before = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-migrations-0020-"));
for (const name of fs.readdirSync(MIGRATIONS_DIR)) if (name <= "0020_~") fs.copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(before, name));
const pool = createPostgresPool(TEST_DATABASE_URL, { schema, max: 4 });
afterAll(async () => {
  try {
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await pool.end();
    fs.rmSync(before, { recursive: true, force: true });
  }
});

const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
const purchase = (purchaseId: number, checkoutId: string | null, purchaseType = "front"): PurchaseFactRow => ({ ...one, purchaseId, checkout: { ...one.checkout, checkoutId }, dims: { ...one.dims, purchaseType } });
// Refunded 1.00 of it, 0.20 of its commission (what 0026's refund cells keep).
const refunded = (row: PurchaseFactRow): PurchaseFactRow => ({ ...row, sums: row.sums.map((v, i) => (FACT_SUMS[i] === "refunded" ? 100 : FACT_SUMS[i] === "commissionLost" ? 20 : v)) });
const cart = (checkoutId: string) => ({ ...cartFactRow(cartDays().get("2026-03-10")![0]!), checkoutId });

const marks = async () => ({
  purchases: Object.fromEntries(
    (await pool.query<{ account: string; day: string; repeats: number | null; checkout_repeats: number | null }>("SELECT account, day, repeats, checkout_repeats FROM salesdash_purchase_fact_days ORDER BY account, day")).rows.map((r) => [
      `${r.account} ${r.day}`,
      [r.repeats, r.checkout_repeats],
    ]),
  ),
  carts: Object.fromEntries((await pool.query<{ day: string; repeats: number | null }>("SELECT day, repeats FROM salesdash_cart_fact_days ORDER BY day")).rows.map((r) => [r.day, r.repeats])),
});

it("counts the days an earlier version left unknown, each against every day stored, and leaves the counted ones as they are", async () => {
  const ran = await migratePostgres(TEST_DATABASE_URL, { schema, dir: before });
  expect(ran.at(-1)).toBe("0020_front-checkout-repeats");
  // The purchases' writer as of 0020: its days' repeats, not yet the marks' tallies (0023).
  const purchases = new PostgresFactTableStore<PurchaseFactRow>({ rows: PURCHASE_FACTS, columns: ROW_COLUMNS, days: PURCHASE_FACT_DAYS, valuesOf: rowValues, key: "purchase_id", frontCheckouts: true }, pool);
  const carts = new PostgresCartFactStore(pool);
  await purchases.replaceDay("other", "2026-03-09", NOW, [purchase(1, "c1")]);
  await purchases.replaceDay("acct", "2026-03-10", NOW, [purchase(1, "c1"), refunded(purchase(2, "c2")), refunded(purchase(3, "c2", "upsell")), purchase(4, ""), purchase(6, null)]);
  await purchases.replaceDay("acct", "2026-03-11", NOW, [purchase(8, "c3")]);
  await purchases.replaceDay("acct", "2026-03-12", NOW, [purchase(2, "c9", "upsell"), refunded(purchase(9, "c1")), purchase(10, "c4"), purchase(11, "c4")]);
  // The orders' writer as of 0020: no kept choices yet (0028).
  const orders = new PostgresFactTableStore<OrderFactRow>({ rows: "salesdash_order_facts", columns: ORDER_ROW_COLUMNS, days: "salesdash_order_fact_days", valuesOf: orderRowValues }, pool);
  for (const day of ["2026-03-10", "2026-03-11"]) await orders.replaceDay("acct", day, NOW, orderDays().get(day)!.map(orderFactRow));
  await carts.replaceDay("acct", "2026-03-10", NOW, [cart("c1"), cart("c2")]);
  await carts.replaceDay("acct", "2026-03-11", NOW, [cart("c1"), cart("c5"), cart("c5"), cart("c6")]);
  // Written before the counts: every day's unknown but the 11th of the purchases (counted: 7 stands for any count already made).
  await pool.query("UPDATE salesdash_purchase_fact_days SET repeats = NULL, checkout_repeats = NULL WHERE day <> '2026-03-11'");
  await pool.query("UPDATE salesdash_purchase_fact_days SET repeats = 7, checkout_repeats = 7 WHERE day = '2026-03-11'");
  await pool.query("UPDATE salesdash_cart_fact_days SET repeats = NULL");
  expect((await marks()).purchases["acct 2026-03-10"]).toEqual([null, null]);

  // The migrations after 0020, 0021 first (later ones touch other tables).
  expect((await migratePostgres(TEST_DATABASE_URL, { schema }))[0]).toBe("0021_count-unknown-repeats");
  // On the 10th purchase 2 and c1's front purchase are stored again on the 12th, and c1's cart on
  // the 11th; on the 12th purchase 2 is the 10th's, c1's front the 10th's, c4's two fronts each other's.
  expect(await marks()).toEqual({
    purchases: { "acct 2026-03-10": [1, 1], "acct 2026-03-11": [7, 7], "acct 2026-03-12": [1, 3], "other 2026-03-09": [0, 0] },
    carts: { "2026-03-10": 1, "2026-03-11": 3 },
  });

  // Migration 0023 tallied the days held for the currency decision as a write of each day tallies it (offer-tallies.ts).
  // Migration 0024 summed them for the Affiliates leaderboard likewise (sales_sums), 0025 kept their payout texts (payout_at, payout_names, payout_rows), 0026 their refund cells and refunded sales (refund_at, refund_cells, refund_sales).
  const tallies = async () =>
    (
      await pool.query<{ account: string; day: string; tallies: string; sales_sums: string; payout_at: string; payout_names: string; payout_rows: string; refund_at: string; refund_cells: string; refund_sales: string }>(
        "SELECT account, day, tallies, sales_sums, payout_at, payout_names, payout_rows, refund_at, refund_cells, refund_sales FROM salesdash_purchase_fact_days ORDER BY account, day",
      )
    ).rows.map((r) => [r.account, r.day, JSON.parse(r.tallies), JSON.parse(r.sales_sums), Number(r.payout_at), JSON.parse(r.payout_names), r.payout_rows, Number(r.refund_at), JSON.parse(r.refund_cells), JSON.parse(r.refund_sales)]);
  const migrated = await tallies();
  expect(migrated.length).toBe(4);
  expect(migrated.map(([, , , , , , , at, refunds, sales]) => [at, refunds.cells.length, refunds.labels.length, sales.map(([id]: number[]) => id)])).toEqual([[NOW, 2, 1, [2, 3]], [NOW, 0, 0, []], [NOW, 1, 1, [9]], [NOW, 0, 0, []]]);
  expect(migrated.every(([, , , sums]) => sums.at === NOW && sums.rows.length > 0)).toBe(true);
  expect(migrated.every(([, , , , at, names, rows]) => at === NOW && names.products.length > 0 && rows.split("\n").length > 0)).toBe(true);
  expect(migrated.map(([, , , , , , rows]) => rows.split("\n").length)).toEqual([5, 1, 4, 1]);
  for (const [account, day] of migrated) await pool.query(tallyDayStatement(PURCHASE_FACTS, PURCHASE_FACT_DAYS), [account, day, NOW]);
  expect(await tallies()).toEqual(migrated);
  // Migration 0028 kept the orders days' choices as a write of each day keeps them.
  const choices = async () =>
    (
      await pool.query<{ day: string; choices_at: string; choices_lo: string; choices_hi: string; choices_none: number; choices: string }>(
        "SELECT day, choices_at, choices_lo, choices_hi, choices_none, choices FROM salesdash_order_fact_days ORDER BY day",
      )
    ).rows.map((r) => [r.day, Number(r.choices_at), [Number(r.choices_lo), Number(r.choices_hi), r.choices_none], JSON.parse(r.choices)]);
  const kept = await choices();
  const day = (d: string) => orderDays().get(d)!.map(orderFactRow);
  const bounds = (d: string) => [Math.min(...day(d).map((o) => o.createdAt!)), Math.max(...day(d).map((o) => o.createdAt!)), 0];
  expect(kept.map(([d, at, b, c]) => [d, at, b, c.groups.length > 0 && c.labels.length > 0])).toEqual([["2026-03-10", NOW, bounds("2026-03-10"), true], ["2026-03-11", NOW, bounds("2026-03-11"), true]]);
  for (const [day] of kept) await pool.query(choicesDayStatement("salesdash_order_facts", "salesdash_order_fact_days"), ["acct", day, NOW]);
  expect(await choices()).toEqual(kept);
  const d = one.dims;
  expect(migrated[1]!.slice(0, 3)).toEqual([
    "acct",
    "2026-03-11",
    {
      at: NOW,
      offers: [[one.currency, d.offer, 1]],
      values: [[0, d.product], [1, d.offer], [2, d.purchaseType], [3, d.paymentMethod], [4, d.psp], [5, d.cardBrand], [6, d.country], [7, d.affiliate]],
      pairs: [[d.offer, d.product]],
      lo: one.createdAt,
      hi: one.createdAt,
      none: 0,
    },
  ]);
});
