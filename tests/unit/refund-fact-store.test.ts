import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { refundFactStoreBehaviour } from "../support/refund-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The Refunds report's reads of the purchases fact table on SQLite, in its worker thread as the app opens it (PostgreSQL runs the same suite in tests/backends).
const file = sqliteFiles("salesdash-refund-facts-");

refundFactStoreBehaviour("SqlitePurchaseFactStore", {
  open: async () => openWorkerPurchaseFactStore(file()),
});
