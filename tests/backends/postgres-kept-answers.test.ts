import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Pool } from "pg";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { queryPurchases, type PurchaseQuery } from "@/lib/query/purchase-query";
import { purchaseTablePageFromFacts } from "@/lib/query/purchase-table-query";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { PostgresOrderFactStore } from "@/lib/store/postgres/postgres-order-fact-store";
import { orderFactRows } from "@/lib/query/order-facts";
import { orderPlan } from "@/lib/query/order-query";
import type { Order } from "@/lib/records/order";
import type { Purchase } from "@/lib/records/purchase";
import { orderDays } from "../support/order-facts-fixture";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// What PostgreSQL adds to the fact stores beyond the behaviour suites: aggregates kept by an
// instance while no instance writes the account (the mark of migration 0015), and the planner's
// statistics kept up by the store itself (table-statistics.ts).
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

const QUERY: PurchaseQuery = { from: "2026-03-01", to: "2026-03-31", timeZone: "America/Sao_Paulo", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency(null) };
const purchases = (answer: Awaited<ReturnType<typeof queryPurchases>>) => answer.kpis.creator.reduce((n, k) => n + k.purchases, 0);

/** The statements of `pool` that read or write `table`'s rows, counted from now. */
function factStatementsOf(pool: Pool, table: string): () => number {
  const query = vi.spyOn(pool, "query");
  const from = query.mock.calls.length;
  return () => query.mock.calls.slice(from).filter(([text]) => typeof text === "string" && text.includes(table)).length;
}

/** The statements of `pool` that read or write the purchases' rows, counted from now. */
const factStatements = (pool: Pool) => factStatementsOf(pool, "salesdash_purchase_facts");

describe("a PostgreSQL instance's kept aggregates", () => {
  it("answer a second read without reading the rows, and stop being answered once another instance writes or forgets the account", async () => {
    await schema.truncate("salesdash_purchase_facts", "salesdash_purchase_fact_days");
    const poolA = createPostgresPool(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
    const poolB = createPostgresPool(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
    const a = new PostgresPurchaseFactStore(poolA);
    const b = new PostgresPurchaseFactStore(poolB);
    try {
      const days = [...purchaseDays("creator")].filter(([day]) => day >= "2026-03-02" && day <= "2026-03-20");
      const [last, ...rest] = days.reverse();
      for (const [day, records] of rest) await b.replaceDay("acct", day, NOW, records.map(purchaseFactRow));
      const first = await queryPurchases(a, "acct", QUERY);
      expect(purchases(first)).toBe(rest.reduce((n, [, r]) => n + r.length, 0));

      const reads = factStatements(poolA);
      const again = await queryPurchases(a, "acct", QUERY);
      expect(again).toEqual(first);
      expect(reads()).toBe(0);
      // A copy each time: changing one answer changes no later one.
      again.kpis.creator.length = 0;
      expect(await queryPurchases(a, "acct", QUERY)).toEqual(first);

      // Another instance writes a day: this one reads the rows again.
      const [day, records] = last!;
      expect(records.length).toBeGreaterThan(0);
      await b.replaceDay("acct", day, NOW, records.map(purchaseFactRow));
      const after = await queryPurchases(a, "acct", QUERY);
      expect(reads()).toBeGreaterThan(0);
      expect(purchases(after)).toBe(purchases(first) + records.length);
      expect(after).toEqual(await queryPurchases(new PostgresPurchaseFactStore(poolB), "acct", QUERY));

      // A write of the days' table by other code (an instance of an older version, by hand): the
      // database moves the mark itself.
      await queryPurchases(a, "acct", QUERY);
      const kept = reads();
      await queryPurchases(a, "acct", QUERY);
      expect(reads()).toBe(kept);
      await poolB.query("DELETE FROM salesdash_purchase_facts WHERE account = 'acct' AND day = $1", [day]);
      await poolB.query("UPDATE salesdash_purchase_fact_days SET count = 0 WHERE account = 'acct' AND day = $1", [day]);
      expect(purchases(await queryPurchases(a, "acct", QUERY))).toBe(purchases(first));

      // Another instance forgets the account: nothing kept is answered, nor kept while it has no mark.
      await b.forget("acct");
      expect(purchases(await queryPurchases(a, "acct", QUERY))).toBe(0);
      const forgotten = reads();
      await queryPurchases(a, "acct", QUERY);
      expect(reads()).toBeGreaterThan(forgotten);
      await b.replaceDay("acct", day, NOW, records.map(purchaseFactRow));
      expect(purchases(await queryPurchases(a, "acct", QUERY))).toBe(records.length);

      // The days' table emptied (a migration, the tests): nothing kept is answered.
      await poolB.query("TRUNCATE salesdash_purchase_facts, salesdash_purchase_fact_days");
      expect(purchases(await queryPurchases(a, "acct", QUERY))).toBe(0);
    } finally {
      vi.restoreAllMocks();
      await poolA.end();
      await poolB.end();
    }
  });
});

/**
 * Two instances of a store on pools of their own, on `tables` emptied: instance B writes every day
 * of March 2–20 but the last (`last()` writes it), then `work` runs; `days` are all of them, the
 * last (not written yet) first.
 */
async function twoInstances<Store, Day>(
  tables: [string, string],
  open: (pool: Pool) => Store,
  days: ReadonlyMap<string, Day[]>,
  write: (store: Store, day: string, records: Day[]) => Promise<void>,
  work: (instances: { a: Store; b: Store; poolA: Pool; poolB: Pool; days: Array<[string, Day[]]>; last: () => Promise<Day[]> }) => Promise<void>,
): Promise<void> {
  await schema.truncate(...tables);
  const poolA = createPostgresPool(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
  const poolB = createPostgresPool(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
  const a = open(poolA);
  const b = open(poolB);
  try {
    const [last, ...written] = [...days].filter(([day]) => day >= "2026-03-02" && day <= "2026-03-20").reverse();
    for (const [day, records] of written) await write(b, day, records);
    await work({ a, b, poolA, poolB, days: [last!, ...written], last: async () => (await write(b, last![0], last![1]), last![1]) });
  } finally {
    vi.restoreAllMocks();
    await poolA.end();
    await poolB.end();
  }
}

const PURCHASE_TABLES: [string, string] = ["salesdash_purchase_facts", "salesdash_purchase_fact_days"];
const writePurchases = (store: PostgresPurchaseFactStore, day: string, records: Purchase[]) => store.replaceDay("acct", day, NOW, records.map(purchaseFactRow));

describe("a PostgreSQL instance's kept funds due", () => {
  it("answer the Overview's second read without reading the rows, until another instance writes the account", async () => {
    await twoInstances(PURCHASE_TABLES, (pool) => new PostgresPurchaseFactStore(pool), purchaseDays("creator"), writePurchases, async ({ a, b, poolA, last }) => {
      const ask = (store = a) => store.fundsDue("acct", { from: "2026-03-01", to: "2026-03-31" }, { offers: [], setting: null }, { fromMs: 0, toMs: Date.parse("2027-01-01T00:00:00Z") });
      const first = await ask();
      expect(first.reduce((n, f) => n + f.sales, 0)).toBeGreaterThan(0);
      const reads = factStatements(poolA);
      expect(await ask()).toEqual(first);
      expect(reads()).toBe(0);
      await last();
      const after = await ask();
      expect(reads()).toBeGreaterThan(0);
      expect(after).toEqual(await ask(b));
      expect(after).not.toEqual(first);
    });
  });
});

describe("a PostgreSQL instance's kept refunded orders", () => {
  it("answer the delivery panels' named orders (no groups asked) a second time without reading the rows, until another instance writes", async () => {
    const write = (store: PostgresOrderFactStore, day: string, records: Order[]) => store.replaceDay("acct", day, NOW, orderFactRows(records));
    await twoInstances(["salesdash_order_facts", "salesdash_order_fact_days"], (pool) => new PostgresOrderFactStore(pool), orderDays(), write, async ({ a, b, poolA, days, last }) => {
      const { plan } = orderPlan({ from: "2026-03-01", to: "2026-03-31", timeZone: "UTC", granularity: "day", filters: {} });
      // Every third order of the days, the last day's (not written yet) included.
      const refunded = days.flatMap(([, records]) => records.map((o) => o.orderId)).filter((_, i) => i % 3 === 0);
      const ask = (store = a) => store.deliveryPanels("acct", plan, { refunded, chargedBack: [], withGroups: false });
      const first = await ask();
      expect(first.groups).toBeNull();
      expect(first.named.length).toBeGreaterThan(0);
      const reads = factStatementsOf(poolA, "salesdash_order_facts");
      expect(await ask()).toEqual(first);
      expect(reads()).toBe(0);
      await last();
      const after = await ask();
      expect(reads()).toBeGreaterThan(0);
      expect(after.named.length).toBeGreaterThan(first.named.length);
      expect(after).toEqual(await ask(b));
    });
  });
});

describe("a PostgreSQL instance's kept table pages", () => {
  it("answer a second read of a page without reading the rows, until another instance writes the account", async () => {
    await twoInstances(PURCHASE_TABLES, (pool) => new PostgresPurchaseFactStore(pool), purchaseDays("creator"), writePurchases, async ({ a, b, poolA, days, last }) => {
      const table = { from: QUERY.from, to: QUERY.to, timeZone: QUERY.timeZone, filters: {}, keyType: "creator" as const, sort: "amount" as const, dir: "desc" as const, pageSize: 7 };
      const page = (n: number, store = a) => purchaseTablePageFromFacts(store, "acct", { ...table, page: n });
      const first = await page(2);
      expect(first.total).toBe(days.slice(1).reduce((n, [, r]) => n + r.length, 0));
      expect(first.items).toHaveLength(7);

      // The page's count and rows are read in a snapshot of their own: a connection taken from the
      // pool (pool.connect() without a callback; pool.query passes one).
      const connect = vi.spyOn(poolA, "connect");
      const snapshots = () => connect.mock.calls.filter((args: unknown[]) => args.length === 0).length;
      expect(await page(2)).toEqual(first);
      expect(snapshots()).toBe(0);
      // Another page is another answer; the first stays kept.
      expect((await page(3)).items).not.toEqual(first.items);
      expect(snapshots()).toBe(1);
      expect(await page(2)).toEqual(first);
      expect(snapshots()).toBe(1);

      // Another instance writes a day: the page is read again, with its rows counted.
      const records = await last();
      const after = await page(2);
      expect(snapshots()).toBe(2);
      expect(after.total).toBe(first.total + records.length);
      expect(after).toEqual(await page(2, b));
    });
  });
});

describe("a PostgreSQL fact table's statistics", () => {
  it("are made by the store, where autovacuum is off, once the rows it wrote reach 50 and a tenth of the table, as autovacuum would", async () => {
    const fresh = await createTestSchema();
    try {
      // Autovacuum off for the table, whatever the server's setting: the store analyses it then.
      await fresh.pool.query("ALTER TABLE salesdash_purchase_facts SET (autovacuum_enabled = false)");
      const store = new PostgresPurchaseFactStore(fresh.pool);
      const one = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
      const rows = (n: number, from: number) => Array.from({ length: n }, (_, i) => ({ ...one, purchaseId: from + i }));
      const reltuples = async () => (await fresh.pool.query<{ n: number }>("SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass('salesdash_purchase_facts')")).rows[0]!.n;
      await store.replaceDay("acct", "2026-03-10", NOW, rows(40, 1));
      expect(await reltuples()).toBeLessThanOrEqual(0);
      await store.replaceDay("acct", "2026-03-11", NOW, rows(20, 100));
      expect(await reltuples()).toBe(60);
      // 56 rows more are needed now (50 and a tenth of 60).
      await store.replaceDay("acct", "2026-03-12", NOW, rows(55, 200));
      expect(await reltuples()).toBe(60);
      await store.replaceDay("acct", "2026-03-13", NOW, rows(1, 300));
      expect(await reltuples()).toBe(116);
    } finally {
      await fresh.drop();
    }
  });
});
