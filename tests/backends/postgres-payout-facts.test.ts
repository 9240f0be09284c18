import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { payoutFactsBehaviour } from "../support/payout-facts-behaviour";
import { schemaOfFile } from "../support/postgres-test-schema";

// The payout calendar's reads of the purchases fact table on PostgreSQL: the suite SQLite runs in tests/unit.
const db = schemaOfFile(["salesdash_purchase_facts", "salesdash_purchase_fact_days"]);

payoutFactsBehaviour("PostgresPurchaseFactStore", db.backend((url, options) => new PostgresPurchaseFactStore(url, options)));
