// SALESDASH_FACT_ENGINE (lib/store/app-stores.ts): by default and with "duckdb" the four embedded
// fact tables (purchases, orders, carts, refunds and chargebacks) are in one DuckDB file beside the
// mirror, their stores in one worker thread; with "sqlite" in the mirror's SQLite file, a thread each. Each
// store is opened through the app's own builders, in a temporary data directory, and the process
// state is left as it was found.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import type { CartFactStore } from "@/lib/store/cart-fact-store";
import { getProcessState } from "@/lib/store/process-state";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { bothAbandonmentViews } from "../support/cart-fact-store-behaviour";
import { fillCartFactStore } from "../support/cart-facts-fixture";
import { fillFactStore } from "../support/purchase-facts-fixture";

const KEYS = ["purchaseFacts", "orderFacts", "cartFacts", "eventFacts"] as const;

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The app's four fact stores on `engine` in a new data directory, given to `meanwhile`, closed after; the files the directory then holds. */
async function storesOn(engine: string, meanwhile?: (stores: typeof import("@/lib/store/app-stores")) => Promise<void>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-fact-engine-"));
  dirs.push(dir);
  vi.stubEnv("SALESDASH_DATA_DIR", dir);
  vi.stubEnv("SALESDASH_FACT_ENGINE", engine);
  vi.stubEnv("SALESDASH_DATABASE_URL", "");
  vi.resetModules();
  const app = await import("@/lib/store/app-stores");
  // The stores' proxies are known to this module graph's host, not to one imported before the reset.
  const { workerOf } = await import("@/lib/store/worker/store-in-worker");
  const state = getProcessState();
  const kept = Object.fromEntries(KEYS.map((key) => [key, state[key]]));
  for (const key of KEYS) state[key] = undefined;
  const stores = () => [app.purchaseFactStore(), app.orderFactStore(), app.cartFactStore(), app.eventFactStore()];
  try {
    expect(await app.orderFactStore().readDayMeta("acct", ["2026-03-10"])).toEqual([]);
    expect(await app.purchaseFactStore().readDayMeta("acct", ["2026-03-10"])).toEqual([]);
    expect(await app.cartFactStore().readDayMeta("acct", ["2026-03-10"])).toEqual([]);
    expect(await app.eventFactStore().readDayMeta("acct", "refunds", ["2026-03-10"])).toEqual([]);
    await meanwhile?.(app);
    const threads = new Set(stores().map((store) => workerOf(store)!.threadId));
    await Promise.all(stores().map((store) => store.close()));
    return { files: fs.readdirSync(dir).filter((name) => !name.endsWith("-wal") && !name.endsWith("-shm") && !name.endsWith(".wal")), threads: threads.size };
  } finally {
    Object.assign(state, kept);
  }
}

it("puts the four fact tables in one DuckDB file, their stores in one worker thread, by default and with SALESDASH_FACT_ENGINE=duckdb", async () => {
  expect(await storesOn("")).toEqual({ files: ["facts.duckdb"], threads: 1 });
  expect(await storesOn("duckdb")).toEqual({ files: ["facts.duckdb"], threads: 1 });
});

it("keeps them in the mirror's SQLite file with SALESDASH_FACT_ENGINE=sqlite, a thread each", async () => {
  expect(await storesOn("sqlite")).toEqual({ files: ["mirror.sqlite"], threads: 4 });
});

it("on DuckDB, the Abandonment panels are aggregated by the carts' store, which reads the purchases beside its carts: the records' view", async () => {
  await storesOn("duckdb", async (app) => {
    expect(app.purchasesBesideCarts()).toBe(true);
    const carts: CartFactStore = app.cartFactStore();
    const purchases: PurchaseFactStore = app.purchaseFactStore();
    await fillCartFactStore(carts);
    await fillFactStore(purchases, "creator", "creator");
    const query = { from: "2026-05-01", to: "2026-05-31", timeZone: "America/Sao_Paulo", granularity: "day", filters: {}, currency: assumeCurrency(null) } as const;
    const views = await bothAbandonmentViews(carts, query, "previous", purchases, app.purchasesBesideCarts());
    expect(views.aggregated).toBe(true);
    expect(views.fromFacts.totalCarts).toBeGreaterThan(0);
    expect(views.fromFacts).toEqual(views.fromRecords);
  });
}, 120_000);
