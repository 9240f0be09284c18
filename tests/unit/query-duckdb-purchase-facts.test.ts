import { it } from "vitest";
import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { openWorkerDuckDbPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { affiliateFactStoreBehaviour } from "../support/affiliate-fact-store-behaviour";
import { payoutFactsBehaviour } from "../support/payout-facts-behaviour";
import { fillFactStore } from "../support/purchase-facts-fixture";
import { holdsToRecordEngine } from "../support/purchase-query-property";
import { purchaseFactStoreBehaviour } from "../support/purchase-fact-store-behaviour";
import { purchaseTablePageBehaviour } from "../support/purchase-table-page-behaviour";
import { refundFactStoreBehaviour } from "../support/refund-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The purchases fact table on DuckDB (SALESDASH_FACT_ENGINE=duckdb), each store on a new file
// of a temporary directory: the suites SQLite runs in tests/unit and PostgreSQL in tests/backends;
// then the first again with the store in a worker thread, as the app opens it, and the random
// queries' property (200 draws, as SQLite's).
const newFile = sqliteFiles("salesdash-duckdb-facts-");
const backend = { open: async () => new DuckDbPurchaseFactStore(newFile().replace(/\.sqlite$/, ".duckdb")) };

purchaseFactStoreBehaviour("DuckDbPurchaseFactStore", backend);
purchaseTablePageBehaviour("DuckDbPurchaseFactStore", backend);
affiliateFactStoreBehaviour("DuckDbPurchaseFactStore", backend);
refundFactStoreBehaviour("DuckDbPurchaseFactStore", backend);
payoutFactsBehaviour("DuckDbPurchaseFactStore", backend);

purchaseFactStoreBehaviour("DuckDbPurchaseFactStore in a worker thread", { open: async () => openWorkerDuckDbPurchaseFactStore(newFile().replace(/\.sqlite$/, ".duckdb")) });

it("answers the record engine's figures for 200 random queries, as SQLite does (PostgreSQL: 60)", async () => {
  const store = await backend.open();
  try {
    await fillFactStore(store, "creator", "creator");
    await fillFactStore(store, "affiliate", "affiliate");
    await holdsToRecordEngine(store, 200);
  } finally {
    await store.close();
  }
});
