import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { payoutFactsBehaviour } from "../support/payout-facts-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The payout calendar's reads of the purchases fact table on SQLite, in its worker thread as the app opens it (PostgreSQL runs the same suite in tests/backends).
const file = sqliteFiles("salesdash-payout-facts-");

payoutFactsBehaviour("SqlitePurchaseFactStore", {
  open: async () => openWorkerPurchaseFactStore(file()),
});
