// The DuckDB fact tables write days in batches (lib/store/duckdb/duckdb-instance.ts's
// queueWrite): a day written in a transaction of its own cost 20-50 ms, and a first visit's fetch
// of two years, written so, waited past the report's deadline. Held here: days queued together are
// written in one batch (the file's write mark moves once for it, not once a day), each read after
// them finds them, a day queued twice is its last copy, and a day that cannot be written leaves
// itself as it was, the batch's other days written and a warning logged.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, expect, it } from "vitest";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { setLogSink } from "@/lib/log/server-log";
import { openDuckDbFile, type BatchWriter } from "@/lib/store/duckdb/duckdb-instance";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import type { PurchaseFactRow } from "@/lib/store/purchase-fact-store";
import { NOW } from "../support/held-days";
import { purchaseDays } from "../support/purchase-facts-fixture";

// A full collection on demand: an appender the store let go is finalized then.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duckdb-batches-"));
  dirs.push(dir);
  return path.join(dir, "facts.duckdb");
}

const days = [...purchaseDays("creator")].map(([day, records]) => [day, records.map(purchaseFactRow)] as [string, PurchaseFactRow[]]);

/** How many writes of the file started and ended while `run` ran (DuckDbFile's write mark moves twice for each). */
async function writesDuring(file: string, run: () => Promise<void>): Promise<number> {
  const handle = openDuckDbFile(file);
  try {
    const before = handle.writeMark();
    await run();
    return (handle.writeMark() - before) / 2;
  } finally {
    await handle.release();
  }
}

/** The events the store's log wrote while `run` ran. */
async function loggedDuring(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const previous = setLogSink((line) => lines.push(line));
  try {
    await run();
  } finally {
    setLogSink(previous);
  }
  return lines.map((line) => (JSON.parse(line) as { event: string }).event);
}

it("days queued together are written in one batch, and a read after them finds every one", async () => {
  expect(days.length).toBeGreaterThan(20);
  const file = newFile();
  const store = new DuckDbPurchaseFactStore(file);
  let writes = 0;
  try {
    // The tables made (a write of their own) before counting.
    await store.readDayMeta("acct", ["2000-01-01"]);
    // One write, not one a day falling back to a transaction each (which logs).
    const logged = await loggedDuring(async () => {
      writes = await writesDuring(file, async () => {
        await Promise.all(days.map(([day, rows]) => store.replaceDay("acct", day, NOW, rows)));
        // The read waits for the batch.
        expect(await store.readDayMeta("acct", days.map(([day]) => day))).toEqual(days.map(([day, rows]) => ({ day, fetchedAt: NOW, count: rows.length })));
      });
    });
    expect(writes).toBe(1);
    expect(logged).toEqual([]);
  } finally {
    await store.close();
  }
});

it("a day queued twice in a batch is its last copy", async () => {
  const file = newFile();
  const store = new DuckDbPurchaseFactStore(file);
  try {
    const [day, rows] = days[0]!;
    expect(rows.length).toBeGreaterThan(3);
    const logged = await loggedDuring(async () => {
      await Promise.all([store.replaceDay("acct", day, NOW - 1000, rows), store.replaceDay("acct", day, NOW, rows.slice(0, 2))]);
      expect(await store.readDayMeta("acct", [day])).toEqual([{ day, fetchedAt: NOW, count: 2 }]);
    });
    // Written as one batch, its last copy only: two copies would clash on the marks' key, and the batch fail (logged) and fall back to a day at a time.
    expect(logged).toEqual([]);
    const page = await store.payoutSales("acct", { from: day, to: day }, { offers: [], setting: null });
    expect(page.length).toBe(2);
  } finally {
    await store.close();
  }
});

it("a day that cannot be written is left as it was and logged; the batch's other days are written", async () => {
  const file = newFile();
  const store = new DuckDbPurchaseFactStore(file);
  const lines: string[] = [];
  const previous = setLogSink((line) => lines.push(line));
  try {
    const [badDay, badRows] = days[0]!;
    const rest = days.slice(1, 6);
    await store.replaceDay("acct", badDay, NOW - 1000, badRows);
    await store.readDayMeta("acct", [badDay]);
    const broken = badRows.map((r, i) => (i === 1 ? { ...r, dims: { ...r.dims, product: null as unknown as string } } : r));
    await Promise.all([store.replaceDay("acct", badDay, NOW, broken), ...rest.map(([day, rows]) => store.replaceDay("acct", day, NOW, rows))]);
    expect(await store.readDayMeta("acct", [badDay, ...rest.map(([day]) => day)])).toEqual([
      { day: badDay, fetchedAt: NOW - 1000, count: badRows.length },
      ...rest.map(([day, rows]) => ({ day, fetchedAt: NOW, count: rows.length })),
    ]);
    expect(lines.filter((l) => JSON.parse(l).event === "duckdb_fact_day_unwritten")).toHaveLength(1);
  } finally {
    setLogSink(previous);
    await store.close();
  }
});

it("a day that cannot be written leaves nothing that aborts a later write of the connection, when collected", async () => {
  // The failed day's appender kept its rows and flushed them again when collected, into whatever
  // transaction the connection ran then: a later day of the fallback went unwritten (seen in CI).
  const file = newFile();
  const store = new DuckDbPurchaseFactStore(file);
  const handle = openDuckDbFile(file);
  const lines: string[] = [];
  const previous = setLogSink((line) => lines.push(line));
  try {
    const [badDay, badRows] = days[0]!;
    await store.readDayMeta("acct", [badDay]);
    const broken = badRows.map((r, i) => (i === 1 ? { ...r, dims: { ...r.dims, product: null as unknown as string } } : r));
    // A writer queued after the store's in the same batch: its entry is written, in the fallback,
    // after the broken day's, on the same connection; it collects the garbage inside its transaction.
    const written: number[] = [];
    const collecting: BatchWriter<number> = {
      async writeBatch(connection, entries) {
        collectGarbage();
        await new Promise((resolve) => setImmediate(resolve));
        for (const n of entries) await connection.run(`SELECT ${n}`);
        written.push(...entries);
      },
    };
    const failing = store.replaceDay("acct", badDay, NOW, broken);
    // The store queues its day a turn later (once its tables are ready): the writer's entry joins
    // the batch behind it, so the writer runs in the fallback only, once (twice, had it been first).
    await Promise.resolve();
    await Promise.all([failing, handle.queueWrite(collecting, 7, 1)]);
    await store.readDayMeta("acct", [badDay]);
    expect(written).toEqual([7]);
    expect(lines.filter((l) => JSON.parse(l).event === "duckdb_fact_day_unwritten")).toHaveLength(1);
  } finally {
    setLogSink(previous);
    await handle.release();
    await store.close();
  }
});
