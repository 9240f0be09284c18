// "Forget my data" on the embedded DuckDB fact tables (lib/store/duckdb/duckdb-instance.ts's
// compact): DuckDB has no secure_delete, so after the account's rows are deleted the file is
// rewritten without the blocks they freed and the old file zeroed. The four stores are opened as
// the app opens them (one file, one worker thread) and forget one after another, as
// forgetMirroredAccount asks them; the bytes of the file are then searched for the forgotten account's name.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { cartFactRows } from "@/lib/query/cart-facts";
import { eventFactRows } from "@/lib/query/event-facts";
import { orderFactRows } from "@/lib/query/order-facts";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { openDuckDbFile } from "@/lib/store/duckdb/duckdb-instance";
import { openWorkerDuckDbFactStores, type DuckDbFactStores } from "@/lib/store/worker-fact-stores";
import { cartDays } from "../support/cart-facts-fixture";
import { eventDays } from "../support/event-facts-fixture";
import { NOW } from "../support/held-days";
import { orderDays } from "../support/order-facts-fixture";
import { purchaseDays } from "../support/purchase-facts-fixture";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// An account's identity as the tables key it: long and unlike any value of the rows.
const GONE = "forgotten-account-7f3a9c2e1d5b4a6f8e0c";
const KEPT = "kept-account-2b8d4f6a0c1e3g5h7j9k";

// A few days of each table: what DuckDB keeps of a delete does not depend on how many.
const first = <T>(days: Map<string, T[]>) => [...days].slice(0, 8);

async function fill(stores: DuckDbFactStores, account: string): Promise<void> {
  for (const [day, records] of first(purchaseDays("creator"))) await stores.purchases.replaceDay(account, day, NOW, records.map(purchaseFactRow));
  for (const [day, records] of first(orderDays())) await stores.orders.replaceDay(account, day, NOW, orderFactRows(records));
  for (const [day, records] of first(cartDays())) await stores.carts.replaceDay(account, day, NOW, cartFactRows(records));
  for (const resource of ["refunds", "chargebacks"] as const) for (const [day, records] of first(eventDays(resource))) await stores.events.replaceDay(account, resource, day, NOW, eventFactRows(resource, records));
}

const fileHolds = (file: string, text: string) => fs.readFileSync(file).includes(Buffer.from(text));

it("rewrites the file without a forgotten account's bytes; the other account's rows stay, and the file takes writes after", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-duckdb-forget-"));
  dirs.push(dir);
  const file = path.join(dir, "facts.duckdb");
  let stores = openWorkerDuckDbFactStores(file);
  try {
    for (const account of [GONE, KEPT]) await fill(stores, account);
    const days = first(purchaseDays("creator")).map(([day]) => day);
    const kept = await stores.purchases.readDayMeta(KEPT, days);
    expect(kept).toHaveLength(days.length);
    let forgotten = false;
    // As forgetMirroredAccount asks them: one store after another. The first rewrites the file (a
    // new one in its place), the others find nothing of the account left and leave it.
    const inodes = [fs.statSync(file).ino];
    const forgetting = (async () => {
      for (const store of Object.values(stores)) {
        await store.forget(GONE);
        inodes.push(fs.statSync(file).ino);
      }
    })().finally(() => (forgotten = true));
    // Reads asked all along, while the file is rewritten too: each waits for the rewrite or comes before it, and reads the whole day list.
    const reads: unknown[] = [];
    while (!forgotten) reads.push(await stores.purchases.readDayMeta(KEPT, days));
    await forgetting;
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(inodes.slice(1)).size).toBe(1);
    expect(inodes[1]).not.toBe(inodes[0]);
    for (const read of reads) expect(read).toEqual(kept);
    expect(await stores.purchases.readDayMeta(KEPT, days)).toEqual(kept);
    expect(await stores.purchases.readDayMeta(GONE, days)).toEqual([]);
    expect(await stores.orders.readDayMeta(GONE, days)).toEqual([]);
    expect(await stores.carts.readDayMeta(GONE, days)).toEqual([]);
    expect(await stores.events.readDayMeta(GONE, "refunds", days)).toEqual([]);
    await stores.purchases.replaceDay(KEPT, "2020-01-01", 1, []);
    expect(await stores.purchases.readDayMeta(KEPT, ["2020-01-01"])).toEqual([{ day: "2020-01-01", fetchedAt: 1, count: 0 }]);
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
  expect(fileHolds(file, KEPT)).toBe(true);
  expect(fileHolds(file, GONE)).toBe(false);
  expect(fs.readdirSync(dir).filter((name) => name.includes("compact"))).toEqual([]);
  // The file opens again with what it held.
  stores = openWorkerDuckDbFactStores(file);
  try {
    expect(await stores.purchases.readDayMeta(KEPT, ["2020-01-01"])).toEqual([{ day: "2020-01-01", fetchedAt: 1, count: 0 }]);
  } finally {
    await Promise.all(Object.values(stores).map((store) => store.close()));
  }
}, 120_000);

it("opens no connection while the file is rewritten: one asked meanwhile opens on the new file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-duckdb-compact-"));
  dirs.push(dir);
  const where = path.join(dir, "facts.duckdb");
  const file = openDuckDbFile(where);
  try {
    await file.serialized(() => file.withConnection(async (c) => {
      await c.run("CREATE TABLE t (account VARCHAR, n BIGINT)");
      await c.run(`INSERT INTO t SELECT CASE WHEN i % 2 = 0 THEN '${GONE}' ELSE '${KEPT}' END, i FROM range(100000) r(i)`);
      await c.run(`DELETE FROM t WHERE account = '${GONE}'`);
    }));
    const old = fs.statSync(where).ino;
    const compacting = file.compact();
    // Asked once the rewrite has begun (its copy takes DuckDB's threads well over a turn of the loop).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const read = file.withConnection(async (c) => ({ ino: fs.statSync(where).ino, n: Number((await (await c.run("SELECT count(*) AS n FROM t")).getRowObjects())[0]!.n) }));
    await compacting;
    const seen = await read;
    expect(seen.ino).not.toBe(old);
    expect(seen).toEqual({ ino: fs.statSync(where).ino, n: 50_000 });
  } finally {
    await file.release();
  }
});
