import "server-only";

// The purchases fact table's embedded back-end as the app gets it: SqlitePurchaseFactStore
// running in a worker thread (lib/store/worker/store-in-worker.ts), so its queries and its
// day replacements hold that thread, not the server's event loop. One connection, the
// worker's, reads and writes the table; the mirror's own connection to the same file writes
// other tables, and the two wait for each other's writes (WAL, busy_timeout).
import type { PurchaseFactStore } from "./purchase-fact-store";
import { storeInWorker } from "./worker/store-in-worker";

export function openWorkerPurchaseFactStore(file: string): PurchaseFactStore {
  return storeInWorker<PurchaseFactStore>({ module: "lib/store/sqlite-purchase-fact-store.ts", exportName: "SqlitePurchaseFactStore", args: [file] });
}
