import "server-only";

// The fact tables' embedded back-ends as the app gets them: each SQLite store running in a
// worker thread of its own (lib/store/worker/store-in-worker.ts), so its queries and its day
// replacements hold that thread, not the server's event loop. One connection per table, the
// worker's, reads and writes it; the mirror's own connection to the same file writes other
// tables, and they wait for each other's writes (WAL, busy_timeout).
import type { CartFactStore } from "./cart-fact-store";
import type { EventFactStore } from "./event-fact-store";
import type { OrderFactStore } from "./order-fact-store";
import type { PurchaseFactStore } from "./purchase-fact-store";
import { storeInWorker, type AsyncStore } from "./worker/store-in-worker";

/** A store class of the project (its module from the root, its export) opened on `file` in a worker thread of its own. */
const inWorker = <T extends AsyncStore<T>>(module: string, exportName: string) => (file: string): T => storeInWorker<T>({ module, exportName, args: [file] });

export const openWorkerPurchaseFactStore = inWorker<PurchaseFactStore>("lib/store/sqlite-purchase-fact-store.ts", "SqlitePurchaseFactStore");

/** The purchases table in a DuckDB file (SALESDASH_FACT_ENGINE=duckdb), hosted the same way: the worker's instance is the process's only one on the file, and @duckdb/node-api's native module is loaded at run time, never bundled by Next.js. */
export const openWorkerDuckDbPurchaseFactStore = inWorker<PurchaseFactStore>("lib/store/duckdb/duckdb-purchase-fact-store.ts", "DuckDbPurchaseFactStore");

export const openWorkerOrderFactStore = inWorker<OrderFactStore>("lib/store/sqlite-order-fact-store.ts", "SqliteOrderFactStore");

/** The orders table in a DuckDB file of its own (SALESDASH_FACT_ENGINE=duckdb), hosted the same way. */
export const openWorkerDuckDbOrderFactStore = inWorker<OrderFactStore>("lib/store/duckdb/duckdb-order-fact-store.ts", "DuckDbOrderFactStore");

export const openWorkerCartFactStore = inWorker<CartFactStore>("lib/store/sqlite-cart-fact-store.ts", "SqliteCartFactStore");

/** The refunds' and chargebacks' tables: one store, one worker thread, for both lists. */
export const openWorkerEventFactStore = inWorker<EventFactStore>("lib/store/sqlite-event-fact-store.ts", "SqliteEventFactStore");
