import { describe, expect, it } from "vitest";
import type { FactDayMeta } from "@/lib/store/purchase-fact-store";
import { NOW } from "./held-days";

// What every fact table kept by day (purchases, orders, carts) promises the mirror: a day's rows
// replaced as one, atomically, with its fetch time and count, and accounts kept apart. Each
// table's own suite runs these with its rows and its own read, then adds what is its own.

/** A store, opened on a new, empty back-end for each test. */
export interface StoreBackend<S extends { close(): Promise<void> }> {
  open(): Promise<S>;
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
      await expect(store.replaceDay("acct", day, NOW, table.broken(rows))).rejects.toThrow();
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
