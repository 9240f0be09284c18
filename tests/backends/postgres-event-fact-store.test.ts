import { PostgresEventFactStore } from "@/lib/store/postgres/postgres-event-fact-store";
import { eventFactStoreBehaviour } from "../support/event-fact-store-behaviour";
import { schemaOfFile } from "../support/postgres-test-schema";

// The refunds and chargebacks fact tables on PostgreSQL: the same suite as SQLite's, each store on a pool of its own (an instance).
const db = schemaOfFile(["salesdash_refund_facts", "salesdash_refund_fact_days", "salesdash_chargeback_facts", "salesdash_chargeback_fact_days"]);

eventFactStoreBehaviour("PostgresEventFactStore", db.backend((url, options) => new PostgresEventFactStore(url, options)));
