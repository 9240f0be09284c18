import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { purchaseTablePlan } from "@/lib/query/purchase-table-query";
import { pageStatement } from "@/lib/store/purchase-fact-sql";
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

it("reads the first page in the default order and by either amount along an index (migration 0030), not by sorting the range's rows", async () => {
  const pool = await db.emptied();
  const store = new PostgresPurchaseFactStore(pool);
  const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
  // 30 days of 1,000 purchases each.
  for (let d = 0; d < 30; d++) {
    const day = `2026-04-${String(d + 1).padStart(2, "0")}`;
    const start = Date.parse(`${day}T00:00:00Z`);
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const createdAt = start + i * 60_000;
      return { ...one, purchaseId: d * 1000 + i + 1, createdAt, table: { ...one.table, createdAt: new Date(createdAt).toISOString(), sale: (i * 37) % 1000, commission: (i * 13) % 200 } };
    });
    await store.replaceDay("acct", day, NOW, rows);
  }
  await pool.query("ANALYZE salesdash_purchase_facts");
  type Node = { "Node Type": string; "Index Name"?: string; Plans?: Node[] };
  const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
  for (const [sort, amount, index] of [["createdAt", "sale", "salesdash_purchase_facts_order_created"], ["amount", "sale", "salesdash_purchase_facts_order_sale"], ["amount", "commission", "salesdash_purchase_facts_order_commission"]] as const) {
    for (const dir of ["desc", "asc"] as const) {
      const request = { plan: purchaseTablePlan({ from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", filters: {} }), sort, dir, amount, page: 1, pageSize: 50 };
      const statement = pageStatement("postgres", "salesdash_purchase_facts", "acct", request, dir, 0, 50);
      const { rows: [explained] } = await pool.query<{ "QUERY PLAN": Array<{ Plan: Node }> }>({ text: `EXPLAIN (FORMAT JSON) ${statement.text}`, values: statement.args });
      const plan = nodes(explained!["QUERY PLAN"][0]!.Plan);
      expect(plan.map((n) => n["Node Type"]), `${sort} ${amount} ${dir}`).not.toContain("Sort");
      expect(plan.some((n) => n["Index Name"] === index), `${sort} ${amount} ${dir}`).toBe(true);
    }
  }
  // The same page as the rows say it is.
  const page = await store.purchasePage("acct", { plan: purchaseTablePlan({ from: "2026-04-01", to: "2026-04-30", timeZone: "UTC", filters: {} }), sort: "createdAt", dir: "desc", amount: "sale", page: 1, pageSize: 3 });
  expect(page.total).toBe(30_000);
  expect(page.items.map((i) => i.purchaseId)).toEqual([30_000, 29_999, 29_998]);
}, 120_000);
