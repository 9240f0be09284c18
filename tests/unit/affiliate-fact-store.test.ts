import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { affiliateFactStoreBehaviour } from "../support/affiliate-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The Affiliates leaderboard's reads of the purchases fact table on SQLite, in its worker thread as the app opens it (PostgreSQL runs the same suite in tests/backends).
const file = sqliteFiles("salesdash-affiliate-facts-");

affiliateFactStoreBehaviour("SqlitePurchaseFactStore", {
  open: async () => openWorkerPurchaseFactStore(file()),
});
