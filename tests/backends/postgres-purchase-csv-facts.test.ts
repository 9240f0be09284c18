import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { purchaseCsvFactsBehaviour } from "../support/purchase-csv-facts-behaviour";
import { schemaOfFile } from "../support/postgres-test-schema";
import { processDataDir } from "../support/process-data-dir";

// The purchases CSV from the purchases fact table on PostgreSQL (its rows and the days' sealed
// customer cells, on their marks, in the shared database; the mirror's days in the process's SQLite file): the
// same suite as SQLite's, the file byte for byte the records'.
processDataDir("csv-facts-postgres");
const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days"]);

purchaseCsvFactsBehaviour("PostgreSQL", {
  ...db.backend((url, options) => new PostgresPurchaseFactStore(url, options)),
  done: (facts) => facts.close(),
});
