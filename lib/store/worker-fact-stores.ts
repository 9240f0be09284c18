import "server-only";

// The fact tables' embedded back-ends as the app gets them: each SQLite store running in a
// worker thread of its own (lib/store/worker/store-in-worker.ts), the four DuckDB stores in one,
// so their queries and day replacements hold that thread, not the server's event loop. On SQLite
// one connection per table, the worker's, reads and writes it; the mirror's own connection to the
// same file writes other tables, and they wait for each other's writes (WAL, busy_timeout).
import type { CartFactStore } from "./cart-fact-store";
import type { EventFactStore } from "./event-fact-store";
import type { OrderFactStore } from "./order-fact-store";
import type { PurchaseFactStore } from "./purchase-fact-store";
import { storeInWorker, storesInWorker, type AsyncStore } from "./worker/store-in-worker";

/** A store class of the project (its module from the root, its export) opened on `file` in a worker thread of its own. */
const inWorker = <T extends AsyncStore<T>>(module: string, exportName: string) => (file: string): T => storeInWorker<T>({ module, exportName, args: [file] });

export const openWorkerPurchaseFactStore = inWorker<PurchaseFactStore>("lib/store/sqlite-purchase-fact-store.ts", "SqlitePurchaseFactStore");

export const openWorkerOrderFactStore = inWorker<OrderFactStore>("lib/store/sqlite-order-fact-store.ts", "SqliteOrderFactStore");

export const openWorkerCartFactStore = inWorker<CartFactStore>("lib/store/sqlite-cart-fact-store.ts", "SqliteCartFactStore");

/** The refunds' and chargebacks' tables: one store, one worker thread, for both lists. */
export const openWorkerEventFactStore = inWorker<EventFactStore>("lib/store/sqlite-event-fact-store.ts", "SqliteEventFactStore");

export interface DuckDbFactStores {
  purchases: PurchaseFactStore;
  orders: OrderFactStore;
  carts: CartFactStore;
  events: EventFactStore;
}

const duckDb = (name: string, exportName: string, file: string) => ({ module: `lib/store/duckdb/duckdb-${name}-fact-store.ts`, exportName, args: [file] });

/**
 * The four fact tables in one DuckDB file (SALESDASH_FACT_ENGINE=duckdb), their stores in one
 * worker thread: there they share the file's one instance (duckdb-instance.ts: its 2 threads and
 * 256MB are the process's whole DuckDB budget), and the carts' store reads the purchases' table
 * for the Abandonment panels. @duckdb/node-api's native module is loaded at run time, never
 * bundled by Next.js.
 */
export const openWorkerDuckDbFactStores = (file: string): DuckDbFactStores =>
  storesInWorker<DuckDbFactStores>({
    purchases: duckDb("purchase", "DuckDbPurchaseFactStore", file),
    orders: duckDb("order", "DuckDbOrderFactStore", file),
    carts: duckDb("cart", "DuckDbCartFactStore", file),
    events: duckDb("event", "DuckDbEventFactStore", file),
  });

/** One of those stores alone in a thread of its own, which its close ends: for the tests of one store. */
export const openWorkerDuckDbPurchaseFactStore = (file: string): PurchaseFactStore => storeInWorker<PurchaseFactStore>(duckDb("purchase", "DuckDbPurchaseFactStore", file));
export const openWorkerDuckDbOrderFactStore = (file: string): OrderFactStore => storeInWorker<OrderFactStore>(duckDb("order", "DuckDbOrderFactStore", file));
