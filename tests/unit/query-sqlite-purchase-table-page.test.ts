import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { newSqliteFiles, oldFactTableIsDropped } from "../support/old-fact-table";
import { NOW, purchaseDays } from "../support/purchase-facts-fixture";
import { purchaseTablePageBehaviour } from "../support/purchase-table-page-behaviour";

// The purchases table's page from the SQLite fact table, in its worker thread as the app opens it
// (the same suite runs on PostgreSQL in tests/backends).
const newFile = newSqliteFiles("table");

purchaseTablePageBehaviour("SqlitePurchaseFactStore in a worker thread", { open: async () => openWorkerPurchaseFactStore(newFile()) });

oldFactTableIsDropped("a fact table made before the table's sort values were columns", { table: "purchase", idColumn: "purchase_id", newFile, now: NOW, open: (file) => new SqlitePurchaseFactStore(file), rows: () => purchaseDays("creator").get("2026-03-10")!.map(purchaseFactRow) });
