import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { purchaseSummaryFromFacts } from "@/lib/query/purchase-summary-query";
import { errorKind } from "@/lib/sales-api/errors";
import type { PurchaseFactRow, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { storeInWorker, storesInWorker, warmStoreWorker, workerOf } from "@/lib/store/worker/store-in-worker";
import { withTransfer } from "@/lib/store/worker/transfer";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";
import type { WorkerProbeStore } from "../support/worker-probe-store";

// The purchases fact store in a worker thread (lib/store/worker): the server's event loop
// turns while a query runs, the worker's errors reach the caller as the same errors, and a
// closed store leaves no thread behind. The figures themselves are the behaviour suite's
// (tests/unit/query-sqlite-purchase-facts.test.ts runs it against this store).
const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-store-worker-"));
  dirs.push(dir);
  return path.join(dir, "mirror.sqlite");
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

type CodedError = Error & { code?: string };

// The threads this file starts run at this nice value (the runner's configuration sets 0 for the
// others): read by the server's environment when the first thread starts, after this line.
const THREAD_NICE = 7;
process.env.SALESDASH_WORKER_NICE = String(THREAD_NICE);

/** The error `promise` rejects with (a promise that fulfils fails the test). */
async function rejection(promise: Promise<unknown>): Promise<CodedError> {
  try {
    await promise;
  } catch (error) {
    return error as CodedError;
  }
  throw new Error("expected a rejection");
}

/** How many times a setImmediate chain on this thread ran before `work` settled. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let settled = false;
  const turn = () => {
    if (settled) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    settled = true;
  }
  return turns;
}

describe("the event loop while the fact store works", () => {
  // The sandbox's creator purchases, each day's rows written ten times over: enough for a
  // summary that takes the engine a while, whatever the machine.
  const COPIES = 10;
  const days = () => [...purchaseDays("creator")].map(([day, records]) => {
    const rows = records.map(purchaseFactRow);
    return [day, Array.from({ length: COPIES }, () => rows).flat()] as [string, PurchaseFactRow[]];
  });
  const summarize = (store: PurchaseFactStore) =>
    purchaseSummaryFromFacts(store, "heavy", { from: "2026-02-20", to: "2026-06-14", timeZone: "UTC", filters: {}, currency: assumeCurrency("brl") });
  const load = async (store: PurchaseFactStore) => {
    for (const [day, rows] of days()) await store.replaceDay("heavy", day, NOW, rows);
  };

  let inWorker: PurchaseFactStore;
  let inThread: SqlitePurchaseFactStore;
  beforeAll(async () => {
    inWorker = openWorkerPurchaseFactStore(tempFile());
    inThread = new SqlitePurchaseFactStore(tempFile());
    await load(inWorker);
    await load(inThread);
    // A hang guard, not a speed check (the unit project's tests have 180 s; its hooks 10 s).
  }, 180_000);
  afterAll(async () => {
    await inWorker?.close();
    await inThread?.close();
  });

  it("keeps turning while a summary runs in the worker; the same summary on this thread stops it until it ends", async () => {
    const turnsInWorker = await turnsDuring(() => summarize(inWorker));
    const turnsInThread = await turnsDuring(() => summarize(inThread));
    expect(turnsInThread).toBe(0);
    expect(turnsInWorker).toBeGreaterThan(10);
    // One file's answer, whichever thread read it.
    expect(await summarize(inWorker)).toEqual(await summarize(inThread));
  });
});

describe("the worker's failures", () => {
  it("a statement SQLite refuses is a rejected promise with SQLite's error name and code, as on this thread, and the store goes on", async () => {
    const store = openWorkerPurchaseFactStore(tempFile());
    const same = new SqlitePurchaseFactStore(tempFile());
    try {
      const row = purchaseFactRow(purchaseDays("creator").get("2026-03-10")![0]!);
      const broken = { ...row, dims: { ...row.dims, product: null as unknown as string } };
      const here = await rejection(same.replaceDay("acct", "2026-03-10", NOW, [broken]));
      const there = await rejection(store.replaceDay("acct", "2026-03-10", NOW, [broken]));
      expect(here).toBeInstanceOf(Error);
      expect(there).toBeInstanceOf(Error);
      expect({ name: there.name, code: there.code, message: there.message }).toEqual({ name: here.name, code: here.code, message: here.message });
      expect(there.code).toMatch(/^SQLITE_CONSTRAINT/);
      // A bug of ours, not "storage unavailable": the report says so, as it did on this thread.
      expect(errorKind(there)).toBe("internal");
      await store.replaceDay("acct", "2026-03-10", NOW, [row]);
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([{ day: "2026-03-10", fetchedAt: NOW, count: 1 }]);
    } finally {
      await store.close();
      await same.close();
    }
  });

  it("a file SQLite cannot open rejects every call with the constructor's error", async () => {
    const file = path.join(tempFile(), "inside-a-file-that-is-not-a-directory.sqlite");
    fs.writeFileSync(path.dirname(file), "");
    const thrown = await rejection(Promise.resolve().then(() => new SqlitePurchaseFactStore(file)));
    expect(thrown).toBeInstanceOf(Error);
    const store = openWorkerPurchaseFactStore(file);
    try {
      for (let i = 0; i < 2; i++) {
        const error = await rejection(store.readDayMeta("acct", ["2026-03-10"]));
        expect({ name: error.name, code: error.code, message: error.message }).toEqual({ name: thrown.name, code: thrown.code, message: thrown.message });
      }
    } finally {
      await store.close();
    }
  });
});

describe("the worker host", () => {
  const probe = (label: string) => storeInWorker<WorkerProbeStore>({ module: "tests/support/worker-probe-store.ts", exportName: "WorkerProbeStore", args: [label] });

  it("forwards any method the hosted class has, by name, its arguments and answer cloned; a missing one is a TypeError", async () => {
    const store = probe("p");
    try {
      expect(await store.echo({ day: "2026-03-10", cents: [1, -2], at: null })).toEqual({ label: "p", value: { day: "2026-03-10", cents: [1, -2], at: null } });
      const failure = await rejection(store.fail("E_PROBE"));
      expect([failure.name, failure.code, failure.message]).toEqual(["RangeError", "E_PROBE", "probe failure E_PROBE"]);
      const missing = (store as unknown as { nothing(): Promise<void> }).nothing();
      await expect(missing).rejects.toBeInstanceOf(TypeError);
      // An awaited store is the store, not a promise of something else.
      expect(await Promise.resolve(store)).toBe(store);
    } finally {
      await store.close();
    }
  });

  it("moves the buffers of an answer or an argument marked to move (transfer.ts), and copies what is not marked", async () => {
    const store = probe("p");
    try {
      // An answer marked: it arrives whole, and the store's own array is left empty.
      expect(Array.from((await store.numbers(5, true)).numbers)).toEqual([0, 1, 2, 3, 4]);
      expect(await store.sentLength()).toBe(0);
      // Unmarked: copied, the store keeps its own.
      expect(Array.from((await store.numbers(5, false)).numbers)).toEqual([0, 1, 2, 3, 4]);
      expect(await store.sentLength()).toBe(5);
      // An argument marked moves; unmarked, or marked only inside another value, it is copied.
      const moved = Float64Array.of(1, 2, 3);
      expect(await store.sum(withTransfer({ numbers: moved }, [moved]))).toBe(6);
      expect(moved.length).toBe(0);
      const copied = Float64Array.of(1, 2, 3);
      expect(await store.sum({ numbers: withTransfer(copied, [copied]) })).toBe(6);
      expect(copied.length).toBe(3);
    } finally {
      await store.close();
    }
  });

  it.runIf(process.platform === "linux")("runs its thread at SALESDASH_WORKER_NICE, below the event loop's priority, the main thread's left as it was", async () => {
    const main = os.getPriority(0);
    const store = probe("p");
    try {
      expect(await store.priority()).toBe(Math.min(19, Math.max(main, THREAD_NICE)));
      expect(os.getPriority(0)).toBe(main);
    } finally {
      await store.close();
    }
  });

  it("a worker that dies rejects its call, and the next call starts another", async () => {
    const store = probe("p");
    try {
      await store.echo(1);
      const first = workerOf(store)!;
      await expect(store.crash()).rejects.toThrow(/worker thread ended \(exit code 3\)/);
      expect(await store.echo(2)).toEqual({ label: "p", value: 2 });
      expect(workerOf(store)!.threadId).not.toBe(first.threadId);
    } finally {
      await store.close();
    }
  });

  it("is started ahead of its first call when warmed (the server's start does so), and answers that call from the same thread", async () => {
    const store = openWorkerPurchaseFactStore(tempFile());
    try {
      expect(workerOf(store)).toBeUndefined();
      await warmStoreWorker(store);
      const warmed = workerOf(store)!;
      expect(warmed.threadId).toBeGreaterThan(0);
      expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([]);
      expect(workerOf(store)).toBe(warmed);
      // Another store has no thread to start.
      await expect(warmStoreWorker({})).resolves.toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it("is warm only once every store of its thread is built: a slow one to open included", async () => {
    const opened = new SharedArrayBuffer(4);
    const spec = (label: string, flag?: SharedArrayBuffer, openMs?: number) => ({ module: "tests/support/worker-probe-store.ts", exportName: "WorkerProbeStore", args: [label, flag, openMs] });
    const { quick, slow } = storesInWorker<{ quick: WorkerProbeStore; slow: WorkerProbeStore }>({ quick: spec("quick"), slow: spec("slow", opened, 400) });
    try {
      await warmStoreWorker(quick);
      // The server's start awaits this (instrumentation.ts): no first report waits for a store to open.
      expect(Atomics.load(new Int32Array(opened), 0)).toBe(1);
      expect(await slow.echo(1)).toEqual({ label: "slow", value: 1 });
    } finally {
      await quick.close();
      await slow.close();
    }
  });

  it("is warm, as ready as it will be, when a store of its thread refuses to open: the refusal is its calls' answer", async () => {
    const store = storeInWorker<WorkerProbeStore>({ module: "tests/support/worker-probe-store.ts", exportName: "WorkerProbeStore", args: ["refuse"] });
    try {
      await warmStoreWorker(store);
      expect((await rejection(store.echo(1))).code).toBe("PROBE_REFUSED");
    } finally {
      await store.close();
    }
  });

  it("hosts several stores in one thread, each call answered by its own; closing one leaves the others, the last ends the thread", async () => {
    const spec = (label: string) => ({ module: "tests/support/worker-probe-store.ts", exportName: "WorkerProbeStore", args: [label] });
    const { a, b, refused } = storesInWorker<{ a: WorkerProbeStore; b: WorkerProbeStore; refused: WorkerProbeStore }>({ a: spec("a"), b: spec("b"), refused: spec("refuse") });
    expect(await a.echo(1)).toEqual({ label: "a", value: 1 });
    expect(await b.echo(2)).toEqual({ label: "b", value: 2 });
    // A store that could not open answers so; the others in its thread are not concerned.
    await expect(refused.echo(3)).rejects.toThrow(/refuses to open/);
    const worker = workerOf(a)!;
    expect(workerOf(b)).toBe(worker);
    await a.close();
    await refused.close();
    await expect(a.echo(4)).rejects.toThrow(/closed/);
    expect(await b.echo(5)).toEqual({ label: "b", value: 5 });
    expect(workerOf(b)).toBe(worker);
    const exited = new Promise<number>((resolve) => worker.once("exit", resolve));
    await b.close();
    await exited;
    expect(workerOf(b)).toBeUndefined();
  });

  it("close() ends the thread; the store then refuses calls", async () => {
    const store = openWorkerPurchaseFactStore(tempFile());
    expect(await store.readDayMeta("acct", ["2026-03-10"])).toEqual([]);
    const worker = workerOf(store)!;
    expect(worker.threadId).toBeGreaterThan(0);
    const exited = new Promise<number>((resolve) => worker.once("exit", resolve));
    await store.close();
    await exited;
    // Node numbers a thread that has ended -1.
    expect(worker.threadId).toBe(-1);
    expect(workerOf(store)).toBeUndefined();
    await expect(store.readDayMeta("acct", ["2026-03-10"])).rejects.toThrow(/closed/);
  });
});
