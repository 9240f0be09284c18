import { it } from "vitest";
import { DuckDbOrderFactStore } from "@/lib/store/duckdb/duckdb-order-fact-store";
import { openWorkerDuckDbOrderFactStore } from "@/lib/store/worker-fact-stores";
import { withStore } from "../support/fact-day-store-behaviour";
import { fillOrderFactStore } from "../support/order-facts-fixture";
import { orderFactStoreBehaviour } from "../support/order-fact-store-behaviour";
import { ordersHoldToRecords } from "../support/order-query-property";
import { orderTablePageBehaviour } from "../support/order-table-page-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The orders fact table on DuckDB (SALESDASH_FACT_ENGINE=duckdb), each store on a new file of a
// temporary directory: the suites SQLite runs in tests/unit and PostgreSQL in tests/backends; the
// first again with the store in a worker thread, as the app opens it; and the random queries'
// property (150 draws, as SQLite's).
const newFile = sqliteFiles("salesdash-duckdb-orders-");
const backend = { open: async () => new DuckDbOrderFactStore(newFile().replace(/\.sqlite$/, ".duckdb")), queuesWrites: true };

orderFactStoreBehaviour("DuckDbOrderFactStore", backend);
orderTablePageBehaviour("DuckDbOrderFactStore", backend);
orderFactStoreBehaviour("DuckDbOrderFactStore in a worker thread", { open: async () => openWorkerDuckDbOrderFactStore(newFile().replace(/\.sqlite$/, ".duckdb")), queuesWrites: true });

it("gives the records' Orders view for 150 random queries, as SQLite does", withStore(backend, async (store) => {
  await fillOrderFactStore(store);
  await ordersHoldToRecords(store, 150);
}), 300_000);
