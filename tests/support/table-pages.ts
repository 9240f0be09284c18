import { expect } from "vitest";

// A table's pages from a fact store held to today's pages from the records, as the orders and
// purchases table suites both check them: for every sort key, both directions, and the first,
// second, middle, last-but-one, last and a page past the last, the same total, page number and
// ids in the same order, each row named with the sealed day that holds it. It answers how many
// rows today's pages held, for the caller to show that it did not compare empty pages only.

type Dir = "asc" | "desc";
interface PageRequest<K> { page: number; pageSize: number; sort: K; dir: Dir }

export async function tablePagesAreToday<K, Item extends { day: string }>(table: {
  sortKeys: readonly K[];
  /** How many rows today's table has. */
  rows: number;
  pageSize: number;
  today: (request: PageRequest<K>) => { total: number; page: number; items: Array<{ id: string }> };
  fromStore: (request: PageRequest<K>) => Promise<{ total: number; page: number; items: Item[] }>;
  idOf: (item: Item) => number;
  dayOf: (id: number) => string | undefined;
}): Promise<number> {
  const pages = Math.max(1, Math.ceil(table.rows / table.pageSize));
  let compared = 0;
  for (const sort of table.sortKeys) {
    for (const dir of ["asc", "desc"] as const) {
      for (const page of [...new Set([1, 2, Math.ceil(pages / 2), pages - 1, pages, pages + 3])].filter((n) => n >= 1)) {
        const request = { page, pageSize: table.pageSize, sort, dir };
        const today = table.today(request);
        const fromStore = await table.fromStore(request);
        const where = `${String(sort)} ${dir} page ${page}`;
        expect({ where, total: fromStore.total, page: fromStore.page, ids: fromStore.items.map((i) => String(table.idOf(i))) }).toEqual({
          where, total: today.total, page: today.page, ids: today.items.map((r) => r.id),
        });
        // Each row is named with the sealed day that holds it.
        expect(fromStore.items.map((i) => i.day)).toEqual(fromStore.items.map((i) => table.dayOf(table.idOf(i))));
        compared += today.items.length;
      }
    }
  }
  return compared;
}
