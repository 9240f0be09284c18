import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "pg";
import type { FactDayMeta } from "@/lib/store/purchase-fact-store";
import { NOW } from "./held-days";

// What every fact table kept by day (purchases, orders, carts) promises the mirror: a day's rows
// replaced as one, atomically, with its fetch time and count, and accounts kept apart. Each
// table's own suite runs these with its rows and its own read, then adds what is its own.

/** A store, opened on a new, empty back-end for each test. */
export interface StoreBackend<S extends { close(): Promise<void> }> {
  open(): Promise<S>;
  /**
   * The store queues a day's write and resolves before it is written (DuckDB's batches): a write
   * that fails is logged, not rejected, and the day is left as it was all the same.
   */
  queuesWrites?: boolean;
}

/**
 * A store opened on the back-end and filled once for the enclosing describe (its tests read it and
 * leave it as it was); closed after them. `held.store` is set from beforeAll on.
 */
export function filledStore<S extends { close(): Promise<void> }>(backend: StoreBackend<S>, fill: (store: S) => Promise<void>) {
  const held = { store: null as unknown as S };
  beforeAll(async () => {
    held.store = await backend.open();
    await fill(held.store);
  });
  afterAll(async () => {
    await held.store?.close();
  });
  return held;
}

/** A test body run on a store of its own, closed after it whatever happens. */
export const withStore = <S extends { close(): Promise<void> }>(backend: StoreBackend<S>, run: (store: S) => Promise<void>) => async () => {
  const store = await backend.open();
  try {
    await run(store);
  } finally {
    await store.close();
  }
};

export interface FactDayStore<Row> {
  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly Row[]): Promise<void>;
  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]>;
  forget(account: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A report's views over a range the filled table does not hold, and over one it holds a day of
 * from another fetch (the mirror's stamp is newer): the records answer both, the table unread.
 * `views` builds both views of a query; `rowsOf` gives a day's rows, to put the day back after.
 */
export async function recordsAnswerOutsideTheTable<Row, Q extends { from: string; to: string }>(
  store: FactDayStore<Row>,
  query: Q,
  views: (query: Q) => Promise<{ read: boolean; fromFacts: unknown; fromRecords: unknown }>,
  rowsOf: (day: string) => Row[],
): Promise<void> {
  expect((await views({ ...query, from: "2026-01-10", to: "2026-02-25" })).read).toBe(false);
  await store.replaceDay("creator", "2026-04-15", NOW - 1, []);
  try {
    const { read, fromFacts, fromRecords } = await views(query);
    expect(read).toBe(false);
    expect(fromFacts).toEqual(fromRecords);
  } finally {
    await store.replaceDay("creator", "2026-04-15", NOW, rowsOf("2026-04-15"));
  }
}

/**
 * What only a shared PostgreSQL database adds to a fact table's suite: `describe`s "<name> in a
 * shared database" with a day of 5000 rows, more than one statement takes parameters for,
 * written as one day (copies of `one` row, `keyed` giving each copy a key of its own) and all of
 * them then counted in `table` under the account; `andThen` checks more of the store that wrote them.
 */
export function writesDayOfManyRows<Row, S extends FactDayStore<Row>>(
  name: string,
  db: { emptied(): Promise<Pool>; schema: { pool: Pool } },
  open: (pool: Pool) => S,
  table: string,
  one: () => Row,
  keyed: (one: Row, i: number) => Row,
  andThen: (store: S) => Promise<void> = async () => {},
): void {
  describe(`${name} in a shared database`, () => {
    it("writes a day of more rows than one statement takes parameters for", async () => {
      const store = open(await db.emptied());
      const row = one();
      const rows = Array.from({ length: 5000 }, (_, i) => keyed(row, i));
      await store.replaceDay("acct", "2026-03-10", NOW, rows);
      const { rows: counted } = await db.schema.pool.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table} WHERE account = 'acct'`);
      expect(Number(counted[0]!.n)).toBe(5000);
      await andThen(store);
    });
  });
}

/** The day the cases store. */
export const FACT_DAY = "2026-03-10";

export interface FactDayTable<Row, S extends FactDayStore<Row>> {
  /** The table's rows of FACT_DAY (more than five). */
  rows(): Row[];
  /** How many of an account's rows of FACT_DAY the table's own reads find. */
  count(store: S, account: string): Promise<number>;
  /** The rows with one the table must refuse (a column it requires left null). */
  broken(rows: Row[]): Row[];
}

export function factDayStoreBehaviour<Row, S extends FactDayStore<Row>>(name: string, backend: StoreBackend<S>, table: FactDayTable<Row, S>): void {
  const day = FACT_DAY;
  describe(`${name}: a day's rows`, () => {
    it("are replaced, not added to, when the day is stored again; its fetch time and count are kept", withStore(backend, async (store) => {
      const rows = table.rows();
      expect(rows.length).toBeGreaterThan(5);
      await store.replaceDay("acct", day, NOW - 1000, rows);
      await store.replaceDay("acct", day, NOW, rows.slice(0, 5));
      expect(await table.count(store, "acct")).toBe(5);
      expect(await store.readDayMeta("acct", ["2026-03-09", day])).toEqual([{ day, fetchedAt: NOW, count: 5 }]);
    }));

    it("are replaced atomically: a replacement that fails leaves the day as it was", withStore(backend, async (store) => {
      const rows = table.rows();
      await store.replaceDay("acct", day, NOW - 1000, rows);
      const replaced = store.replaceDay("acct", day, NOW, table.broken(rows));
      if (backend.queuesWrites) await replaced;
      else await expect(replaced).rejects.toThrow();
      expect(await table.count(store, "acct")).toBe(rows.length);
      expect(await store.readDayMeta("acct", [day])).toEqual([{ day, fetchedAt: NOW - 1000, count: rows.length }]);
    }));

    it("belong to one account: another's are neither counted nor forgotten with it", withStore(backend, async (store) => {
      const rows = table.rows();
      await store.replaceDay("a", day, NOW, rows);
      await store.replaceDay("b", day, NOW, rows.slice(0, 2));
      expect(await table.count(store, "a")).toBe(rows.length);
      expect(await table.count(store, "b")).toBe(2);
      await store.forget("a");
      expect(await table.count(store, "a")).toBe(0);
      expect(await store.readDayMeta("a", [day])).toEqual([]);
      expect(await table.count(store, "b")).toBe(2);
    }));
  });
}
