import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { orderFactStoreBehaviour } from "../support/order-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The orders fact table on SQLite (the embedded default): the suite every back-end keeps (also
// run against PostgreSQL in tests/backends).
const file = sqliteFiles("salesdash-order-facts-");

orderFactStoreBehaviour("SqliteOrderFactStore", { open: async () => new SqliteOrderFactStore(file()) });
