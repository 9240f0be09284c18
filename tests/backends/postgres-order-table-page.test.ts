import { PostgresOrderFactStore } from "@/lib/store/postgres/postgres-order-fact-store";
import { orderTablePageBehaviour } from "../support/order-table-page-behaviour";
import { schemaOfFile } from "../support/postgres-test-schema";

// The orders table's page from the PostgreSQL fact table: the suite SQLite runs in tests/unit.
const db = schemaOfFile(["salesdash_order_facts", "salesdash_order_fact_days"]);

orderTablePageBehaviour("PostgresOrderFactStore", db.backend((url, options) => new PostgresOrderFactStore(url, options)));
