import { orderFactRows } from "@/lib/query/order-facts";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { openWorkerOrderFactStore } from "@/lib/store/worker-fact-stores";
import { newSqliteFiles, oldFactTableIsDropped } from "../support/old-fact-table";
import { NOW, orderDays } from "../support/order-facts-fixture";
import { orderTablePageBehaviour } from "../support/order-table-page-behaviour";

// The orders table's page from the SQLite fact table, in its worker thread as the app opens it
// (the same suite runs on PostgreSQL in tests/backends).
const newFile = newSqliteFiles("order-table");

orderTablePageBehaviour("SqliteOrderFactStore (worker)", { open: async () => openWorkerOrderFactStore(newFile()) });

oldFactTableIsDropped("an orders fact table made before the table's sort values were columns", { table: "order", idColumn: "order_id", newFile, now: NOW, open: (file) => new SqliteOrderFactStore(file), rows: () => orderFactRows(orderDays().get("2026-03-10")!) });
