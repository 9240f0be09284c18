// DuckDB's big reads are streamed (lib/store/duckdb/duckdb-fact-table-store.ts's columnsOf): each
// chunk's columns are read as it is fetched, and the readers of those columns put the batches
// together without knowing beforehand how many rows come. Held here: the readers give the same
// columns from one batch or from many of any sizes (the payout read's size, from the days' marks,
// too small or too large), and a store's payout read over several chunks gives the records' columns.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, expect, it } from "vitest";
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import { payoutColumnsOfRecords } from "@/lib/analytics/payout-sales";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { currencyPlan } from "@/lib/query/range-plan";
import type { ColumnBatch } from "@/lib/store/async-purchase-fact-store";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { eventColumnsOfBatches, lossColumnsOfBatches } from "@/lib/store/event-fact-sql";
import { payoutColumnsOfBatches, payoutColumnsOfStoredBatches } from "@/lib/store/purchase-fact-sql";
import { saleColumnsOfBatches } from "@/lib/store/refund-fact-sql";
import { soldMsOf } from "@/lib/timestamps";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DuckDB file's path in a directory of its own, removed after the file's tests. */
function tempFactsFile(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return path.join(dir, "facts.duckdb");
}

/** Columns of `rows` rows (numbers as Float64Array, texts as arrays), cut into batches of the given sizes (the last takes the rest). */
function batchesOf(columns: ReadonlyArray<Float64Array | unknown[]>, sizes: readonly number[]): AsyncIterable<ColumnBatch> {
  const rows = columns[0]!.length;
  const cuts: Array<[number, number]> = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= rows) break;
    cuts.push([at, Math.min(rows, at + size)]);
    at += size;
  }
  if (at < rows) cuts.push([at, rows]);
  return (async function* batches() {
    for (const [from, to] of cuts) {
      await Promise.resolve();
      yield { length: to - from, column: (c: number) => columns[c]!.slice(from, to) };
    }
  })();
}

const numbers = (n: number, f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
const SIZES = [[], [1], [2048, 2048], [7, 1, 300, 5000], [1, 1, 1, 1]];

it("the events', losses' and sales' columns are the same from one batch or from many", async () => {
  const n = 4100;
  // eventRowsStatement's columns: sale_id, event_at, currency, amount_cents, full_type, dispute, won, days_bucket, sale_at, order_id.
  const events = [numbers(n, (i) => 1e11 + i), numbers(n, (i) => 1.7e12 + i * 1000), Array.from({ length: n }, (_, i) => (i % 3 ? "brl" : "usd")), numbers(n, (i) => i * 7), numbers(n, (i) => i % 2), numbers(n, (i) => i % 5 === 0 ? 1 : 0), numbers(n, () => 0), numbers(n, (i) => i % 9), numbers(n, (i) => (i % 11 ? 1.6e12 + i : NaN)), Array.from({ length: n }, (_, i) => (i % 4 ? `o${i}` : null))];
  const losses = [numbers(n, (i) => 1e11 + i), numbers(n, (i) => 1.7e12 + i), numbers(n, (i) => i * 3), numbers(n, (i) => i % 2), numbers(n, (i) => (i % 7 ? 1.71e12 + i : NaN))];
  const sales = [numbers(n, (i) => 1e11 + i), Array.from({ length: n }, (_, i) => ["brl", "usd", "eur"][i % 3]!), numbers(n, (i) => i * 5), numbers(n, (i) => i), numbers(n, (i) => i % 13)];
  const whole = { events: await eventColumnsOfBatches(batchesOf(events, [n])), losses: await lossColumnsOfBatches(batchesOf(losses, [n])), sales: await saleColumnsOfBatches(batchesOf(sales, [n])) };
  expect(whole.events.length).toBe(n);
  expect(whole.losses.length).toBe(n);
  expect(whole.sales.length).toBe(n);
  expect(Array.from(whole.losses.resolvedAt.subarray(0, 8))).toEqual(Array.from(losses[4]!.subarray(0, 8)));
  for (const sizes of SIZES) {
    expect(await eventColumnsOfBatches(batchesOf(events, sizes))).toEqual(whole.events);
    expect(await lossColumnsOfBatches(batchesOf(losses, sizes))).toEqual(whole.losses);
    expect(await saleColumnsOfBatches(batchesOf(sales, sizes))).toEqual(whole.sales);
  }
  // No row at all: empty columns.
  const none = () => (async function* empty() {})() as AsyncIterable<ColumnBatch>;
  expect((await lossColumnsOfBatches(none())).length).toBe(0);
  expect((await eventColumnsOfBatches(none())).length).toBe(0);
  expect((await saleColumnsOfBatches(none())).length).toBe(0);
});

it("the payout columns are the same from one batch or many, whatever size they were made for", async () => {
  const n = 5000;
  // payoutStatement's DuckDB columns: id, sold, its text, created, available, currency's place, its text, product's place, its text, four nets, whether a row sends a text.
  const texted = numbers(n, (i) => (i % 97 === 0 ? 1 : 0));
  const columns = [
    numbers(n, (i) => 1e11 - i), numbers(n, (i) => (i % 97 === 0 ? NaN : 1.7e12 - i * 60_000)), Array.from({ length: n }, (_, i) => (i % 97 === 0 ? "2026-01-01 10:00:00" : null)), numbers(n, (i) => 1.7e12 - i * 60_000 - 5),
    numbers(n, (i) => (i % 10 ? 1.71e12 + i : NaN)), numbers(n, (i) => (i % 97 === 0 ? NaN : 1 + (i % 2))), Array.from({ length: n }, (_, i) => (i % 97 === 0 ? "eur" : null)), numbers(n, (i) => (i % 97 === 0 ? NaN : 1 + (i % 3))), Array.from({ length: n }, (_, i) => (i % 97 === 0 ? `Other ${i % 2}` : null)),
    numbers(n, (i) => i * 3), numbers(n, (i) => i), numbers(n, (i) => i * 4), numbers(n, (i) => i % 50), texted,
  ];
  const texts = { currencies: ["brl", "usd"], products: ["A", "B", "C"] };
  const whole = await payoutColumnsOfBatches(batchesOf(columns, [n]), texts, n);
  expect(whole.length).toBe(n);
  for (const sizes of SIZES) for (const told of [0, 1, n - 1, n, n + 3000]) expect(await payoutColumnsOfBatches(batchesOf(columns, sizes), texts, told)).toEqual(whole);
});

const ODD_INSTANT = "2026-01-01 10:00:00";

it("the payout columns read as stored are those read in the records' order; rows that do not come a day at a time are refused", async () => {
  // Six days (numbered as days since 1970), newest first in the records' order, each day's rows by seq.
  const days = [20005, 20004, 20003, 20002, 20001, 20000];
  const rows = days.flatMap((day, d) => Array.from({ length: 700 + d * 131 }, (_, seq) => ({ day, seq })));
  const n = rows.length;
  // A purchase stored on two days (the newest day's copy counts), products and currencies first met on different days in the two orders.
  const texted = numbers(n, (i) => (i % 89 === 0 ? 1 : 0));
  const columnsOf = (order: readonly number[], repeat = true, stored = true) => {
    const id = (i: number) => (repeat && rows[i]!.day === 20001 && rows[i]!.seq === 3 ? 1e11 - 5 : 1e11 - i);
    const at = (f: (i: number) => number) => Float64Array.from(order, f);
    const text = (f: (i: number) => string | null) => order.map(f);
    const created = (i: number) => 1.7e12 - i * 60_000 - 5;
    // Read from the texts, a sale instant in another shape comes as its text; read as stored, as the instant written with the row.
    // (every other one unreadable: NaN either way, never its checkout's instant).
    const odd = (i: number) => (i % 178 === 0 ? "not a time" : ODD_INSTANT);
    const sold = stored ? at((i) => (i % 89 === 0 ? soldMsOf(odd(i), () => created(i)) : 1.7e12 - i * 60_000)) : at((i) => (i % 89 === 0 ? NaN : 1.7e12 - i * 60_000));
    return [
      at(id), sold, text((i) => (!stored && i % 89 === 0 ? odd(i) : null)), at(created),
      at((i) => (i % 10 ? 1.71e12 + i : NaN)), at((i) => (i % 89 === 0 ? NaN : 1 + (rows[i]!.day % 2))), text((i) => (i % 89 === 0 ? "eur" : null)), at((i) => (i % 89 === 0 ? NaN : 1 + ((rows[i]!.day - 20000) % 3))), text((i) => (i % 89 === 0 ? `Other ${rows[i]!.day}` : null)),
      at((i) => i * 3), at((i) => i), at((i) => i * 4), at((i) => i % 50), Float64Array.from(order, (i) => texted[i]!),
      ...(stored ? [at((i) => rows[i]!.day), at((i) => rows[i]!.seq), at(() => 0)] : []),
    ];
  };
  const texts = { currencies: ["brl", "usd"], products: ["A", "B", "C"] };
  const recordsOrder = rows.map((_, i) => i);
  const whole = await payoutColumnsOfBatches(batchesOf(columnsOf(recordsOrder, true, false), [n]), texts, n);
  expect(whole.length).toBe(n - 1);
  expect(whole.soldMs.some((ms) => Number.isNaN(ms))).toBe(true);
  // As stored: the days in another order (a day written again comes last), each day's rows by seq.
  const dayRows = (day: number) => recordsOrder.filter((i) => rows[i]!.day === day);
  const stored = [20000, 20002, 20005, 20001, 20004, 20003].flatMap(dayRows);
  for (const sizes of SIZES) for (const told of [0, n - 1, n + 3000]) expect(await payoutColumnsOfStoredBatches(batchesOf(columnsOf(stored), sizes), texts, told)).toEqual(whole);
  // No purchase stored twice (the builder then numbers the products and currencies as it met them): the same.
  const once = await payoutColumnsOfBatches(batchesOf(columnsOf(recordsOrder, false, false), [n]), texts, n);
  expect(once.length).toBe(n);
  for (const sizes of SIZES) expect(await payoutColumnsOfStoredBatches(batchesOf(columnsOf(stored, false), sizes), texts, n)).toEqual(once);
  // Already in the records' order: the same.
  expect(await payoutColumnsOfStoredBatches(batchesOf(columnsOf(recordsOrder), [2048]), texts, n)).toEqual(whole);
  // A day in two stretches, a day's rows not by seq, a day that is not one: refused, to be read in the records' order.
  const split = [...stored.slice(0, 100), ...stored.slice(101), stored[100]!];
  const unsorted = [...stored];
  [unsorted[10], unsorted[11]] = [unsorted[11]!, unsorted[10]!];
  const noDay = columnsOf(stored);
  noDay[14]![500] = NaN;
  // A row stored before its sold instant was written with it: refused too.
  const unsold = columnsOf(stored);
  unsold[16]![2500] = 1;
  expect(await payoutColumnsOfStoredBatches(batchesOf(unsold, [2048]), texts, n)).toBeNull();
  expect(await payoutColumnsOfStoredBatches(batchesOf(columnsOf(split), [2048]), texts, n)).toBeNull();
  expect(await payoutColumnsOfStoredBatches(batchesOf(columnsOf(unsorted), [2048]), texts, n)).toBeNull();
  expect(await payoutColumnsOfStoredBatches(batchesOf(noDay, [2048]), texts, n)).toBeNull();
});

it("a store's payout read gives the records' columns whatever order its days were written in, a day written again among them", async () => {
  const store = new DuckDbPurchaseFactStore(tempFactsFile("duckdb-stored-"));
  try {
    const days = [...purchaseDays("creator")];
    // Written newest first but for two days, then the oldest day written again: it is stored last.
    const order = [...days].reverse();
    [order[1], order[4]] = [order[4]!, order[1]!];
    for (const [day, records] of order) await store.replaceDay("acct", day, NOW, records.map(purchaseFactRow));
    await store.replaceDay("acct", days[0]![0], NOW, days[0]![1].map(purchaseFactRow));
    const newestFirst = [...days].reverse().flatMap(([, records]) => records);
    const range = { from: days[0]![0], to: days.at(-1)![0] };
    const decided = { currency: "brl", source: "setting", offers: {} } as const;
    expect(await store.payoutSales("acct", range, currencyPlan(decided))).toEqual(payoutColumnsOfRecords(withAssumedCurrency(newestFirst, decided).records));
  } finally {
    await store.close();
  }
});

it("a file made before the sold instant was written with each row gets it when it opens; a row whose text it cannot read sends its range to the texts' read", async () => {
  const file = tempFactsFile("duckdb-sold-at-");
  const days = [...purchaseDays("creator")];
  // One sale whose instant is in another shape (read by the records' rule, not by DuckDB's).
  const [oddDay, oddRecords] = days[2]!;
  days[2] = [oddDay, oddRecords.map((r, i) => (i === 1 ? { ...r, purchaseCreatedAt: ODD_INSTANT } : r))];
  const decided = { currency: "brl", source: "setting", offers: {} } as const;
  const range = (from: number, to: number) => ({ from: days[from]![0], to: days[to]![0] });
  const recordsOf = (from: number, to: number) => payoutColumnsOfRecords(withAssumedCurrency(days.slice(from, to + 1).reverse().flatMap(([, records]) => records), decided).records);
  const first = new DuckDbPurchaseFactStore(file);
  for (const [day, records] of days) await first.replaceDay("acct", day, NOW, records.map(purchaseFactRow));
  await first.close();
  // A statement run on the file itself, the store closed.
  const onFile = async (sql: string) => {
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRows();
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  };
  // As an earlier version left it: no sold_at column.
  await onFile("ALTER TABLE purchase_facts DROP COLUMN sold_at");
  const store = new DuckDbPurchaseFactStore(file);
  try {
    // Every range reads as the records do: those without the odd sale from the instants written at the open, the others from the texts.
    expect(await store.payoutSales("acct", range(3, days.length - 1), currencyPlan(decided))).toEqual(recordsOf(3, days.length - 1));
    expect(await store.payoutSales("acct", range(0, days.length - 1), currencyPlan(decided))).toEqual(recordsOf(0, days.length - 1));
    // A day written again writes the odd sale's instant as the records read it.
    await store.replaceDay("acct", oddDay, NOW, days[2]![1].map(purchaseFactRow));
    expect(await store.payoutSales("acct", range(0, days.length - 1), currencyPlan(decided))).toEqual(recordsOf(0, days.length - 1));
  } finally {
    await store.close();
  }
  // The open filled every row but the odd one; writing its day again filled it.
  expect(await onFile("SELECT count(*)::INTEGER FROM purchase_facts WHERE sold_at IS NULL")).toEqual([[0]]);
});

it("a store's payout read streams its chunks and gives the records' columns", async () => {
  const store = new DuckDbPurchaseFactStore(tempFactsFile("duckdb-streamed-"));
  try {
    const days = [...purchaseDays("creator")];
    for (const [day, records] of days) await store.replaceDay("acct", day, NOW, records.map(purchaseFactRow));
    const newestFirst = [...days].reverse().flatMap(([, records]) => records);
    // Several of DuckDB's 2048-row chunks.
    expect(newestFirst.length).toBeGreaterThan(3 * 2048);
    const range = { from: days[0]![0], to: days.at(-1)![0] };
    const decided = { currency: "brl", source: "setting", offers: {} } as const;
    const placed = withAssumedCurrency(newestFirst, decided);
    // Records without a currency are among them, placed as the records' path places them.
    expect(placed.assumed).toBeGreaterThan(0);
    expect(await store.payoutSales("acct", range, currencyPlan(decided))).toEqual(payoutColumnsOfRecords(placed.records));
  } finally {
    await store.close();
  }
});
