// DuckDB's big reads are streamed (lib/store/duckdb/duckdb-fact-table-store.ts's columnsOf): each
// chunk's columns are read as it is fetched, and the readers of those columns put the batches
// together without knowing beforehand how many rows come. Held here: the readers give the same
// columns from one batch or from many of any sizes (the payout read's size, from the days' marks,
// too small or too large), and a store's payout read over several chunks gives the records' columns.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import { payoutColumnsOfRecords } from "@/lib/analytics/payout-sales";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { currencyPlan } from "@/lib/query/range-plan";
import type { ColumnBatch } from "@/lib/store/async-purchase-fact-store";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { eventColumnsOfBatches, lossColumnsOfBatches } from "@/lib/store/event-fact-sql";
import { payoutColumnsOfBatches } from "@/lib/store/purchase-fact-sql";
import { saleColumnsOfBatches } from "@/lib/store/refund-fact-sql";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

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

it("a store's payout read streams its chunks and gives the records' columns", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duckdb-streamed-"));
  dirs.push(dir);
  const store = new DuckDbPurchaseFactStore(path.join(dir, "facts.duckdb"));
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
