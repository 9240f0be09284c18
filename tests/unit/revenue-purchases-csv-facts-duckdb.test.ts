import { DuckDbPurchaseFactStore } from "@/lib/store/duckdb/duckdb-purchase-fact-store";
import { purchaseCsvFactsBehaviour } from "../support/purchase-csv-facts-behaviour";
import { processDataDir } from "../support/process-data-dir";
import { sqliteFiles } from "../support/sqlite-files";

// The purchases CSV from the purchases fact table on DuckDB (SALESDASH_FACT_ENGINE=duckdb): the
// same suite as SQLite's and PostgreSQL's, its days' sealed customer cells a BLOB on their marks.
processDataDir("csv-facts-duckdb");
const newFile = sqliteFiles("salesdash-duckdb-csv-");

purchaseCsvFactsBehaviour("DuckDB", {
  open: async () => new DuckDbPurchaseFactStore(newFile().replace(/\.sqlite$/, ".duckdb")),
  done: (facts) => facts.close(),
});
