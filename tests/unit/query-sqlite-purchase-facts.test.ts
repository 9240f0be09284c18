import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { purchaseFactStoreBehaviour } from "../support/purchase-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The purchases fact table on SQLite (the embedded default), as the app opens it: in a worker
// thread (lib/store/worker). The suite every back-end keeps (also run against PostgreSQL in tests/backends).
const file = sqliteFiles("salesdash-facts-");

purchaseFactStoreBehaviour("SqlitePurchaseFactStore in a worker thread", { open: async () => openWorkerPurchaseFactStore(file()) });
