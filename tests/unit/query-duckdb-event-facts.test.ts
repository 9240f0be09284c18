import { DuckDbEventFactStore } from "@/lib/store/duckdb/duckdb-event-fact-store";
import { eventFactStoreBehaviour } from "../support/event-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The refunds and chargebacks fact tables on DuckDB (SALESDASH_FACT_ENGINE=duckdb), each store on
// a new file: the suite SQLite runs here and PostgreSQL in tests/backends, with SQLite's draws.
const newFile = sqliteFiles("salesdash-duckdb-events-");

eventFactStoreBehaviour("DuckDbEventFactStore", { open: async () => new DuckDbEventFactStore(newFile().replace(/\.sqlite$/, ".duckdb")), queuesWrites: true }, 150);
