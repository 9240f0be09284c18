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
import { storeInWorker } from "./worker/store-in-worker";

export function openWorkerPurchaseFactStore(file: string): PurchaseFactStore {
  return storeInWorker<PurchaseFactStore>({ module: "lib/store/sqlite-purchase-fact-store.ts", exportName: "SqlitePurchaseFactStore", args: [file] });
}

/** The purchases table in a DuckDB file (SALESDASH_FACT_ENGINE=duckdb), hosted the same way: the worker's instance is the process's only one on the file, and @duckdb/node-api's native module is loaded at run time, never bundled by Next.js. */
export function openWorkerDuckDbPurchaseFactStore(file: string): PurchaseFactStore {
  return storeInWorker<PurchaseFactStore>({ module: "lib/store/duckdb/duckdb-purchase-fact-store.ts", exportName: "DuckDbPurchaseFactStore", args: [file] });
}

export function openWorkerOrderFactStore(file: string): OrderFactStore {
  return storeInWorker<OrderFactStore>({ module: "lib/store/sqlite-order-fact-store.ts", exportName: "SqliteOrderFactStore", args: [file] });
}

/** The orders table in a DuckDB file of its own (SALESDASH_FACT_ENGINE=duckdb), hosted the same way. */
export function openWorkerDuckDbOrderFactStore(file: string): OrderFactStore {
  return storeInWorker<OrderFactStore>({ module: "lib/store/duckdb/duckdb-order-fact-store.ts", exportName: "DuckDbOrderFactStore", args: [file] });
}

export function openWorkerCartFactStore(file: string): CartFactStore {
  return storeInWorker<CartFactStore>({ module: "lib/store/sqlite-cart-fact-store.ts", exportName: "SqliteCartFactStore", args: [file] });
}

/** The refunds' and chargebacks' tables: one store, one worker thread, for both lists. */
export function openWorkerEventFactStore(file: string): EventFactStore {
  return storeInWorker<EventFactStore>({ module: "lib/store/sqlite-event-fact-store.ts", exportName: "SqliteEventFactStore", args: [file] });
}
