import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { purchaseTablePlan } from "@/lib/query/purchase-table-query";
import { MIGRATIONS_DIR, migratePostgres } from "@/lib/store/postgres/migrate";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";
import { purchaseTablePageBehaviour } from "../support/purchase-table-page-behaviour";
import { randomSchemaName, schemaOfFile, TEST_DATABASE_URL } from "../support/postgres-test-schema";

// The purchases table's page from the PostgreSQL fact table: the suite SQLite runs in tests/unit.
const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days"]);

purchaseTablePageBehaviour("PostgresPurchaseFactStore", db.backend((url, options) => new PostgresPurchaseFactStore(url, options)));

// A row as each migration that adds columns found the table: 0005 the table keys, 0010 the checkout's columns.
const COLUMNS_0004 = `account, day, seq, purchase_id, currency, currency_offer, product, offer, purchase_type, payment_method, psp, card_brand, country, affiliate,
  transaction_cents, items_gross_cents, items_net_cents, shipping_cents, taxes_cents, platform_fees_cents, creator_net_cents, affiliation_cents, affiliation_net_cents, refunded_cents, commission_lost_cents`;
const VALUES_0004 = "'acct', '2026-03-10', 0, 1, 'BRL', '', 'p', 'o', 'front', 'pix', 'none', 'none', 'BR', 'none', 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0";
const EARLIER_ROWS: Array<[string, string, string]> = [
  ["0005", COLUMNS_0004, VALUES_0004],
  ["0010", `${COLUMNS_0004}, purchase_created_at, sort_product, sort_type, sort_method, sort_country, sale_amount, commission_amount`, `${VALUES_0004}, '2026-03-10T10:00:00Z', 'p', 'front', 'pix', 'BR', 1, 0`],
];

describe.each(EARLIER_ROWS)("migration %s on a fact table written before it", (migration, columns, values) => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("empties the rows and their days (the mirror writes them again), and the store writes and pages a day after it", async () => {
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-migrations-"));
    dirs.push(before);
    for (const name of fs.readdirSync(MIGRATIONS_DIR).filter((n) => n < migration)) fs.copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(before, name));
    const name = randomSchemaName();
    const pool = createPostgresPool(TEST_DATABASE_URL, { schema: name, max: 2 });
    try {
      expect(await migratePostgres(pool, { schema: name, dir: before })).toContain("0004_purchase-facts");
      await pool.query(`INSERT INTO salesdash_purchase_facts (${columns}) VALUES (${values})`);
      await pool.query(`INSERT INTO salesdash_purchase_fact_days (account, day, fetched_at, count) VALUES ('acct', '2026-03-10', ${NOW}, 1)`);
      // Every migration from this one on is applied now, this one first (the others between belong to other tables).
      expect(await migratePostgres(pool, { schema: name })).toEqual(fs.readdirSync(MIGRATIONS_DIR).filter((n) => n >= migration).sort().map((n) => n.replace(/\.sql$/, "")));
      const store = new PostgresPurchaseFactStore(pool);
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([]);
      expect(Number((await pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM salesdash_purchase_facts")).rows[0]!.n)).toBe(0);
      const rows = purchaseDays("creator").get("2026-03-10")!.map(purchaseFactRow);
      await store.replaceDay("acct", "2026-03-10", NOW, rows);
      const plan = purchaseTablePlan({ from: "2026-03-10", to: "2026-03-10", timeZone: "UTC", filters: {} });
      const page = await store.purchasePage("acct", { plan, sort: "createdAt", dir: "desc", amount: "sale", page: 1, pageSize: 10 });
      expect(page.total).toBe(rows.length);
      expect(page.items.length).toBe(Math.min(10, rows.length));
    } finally {
      await pool.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`).catch(() => undefined);
      await pool.end();
    }
  });
});
