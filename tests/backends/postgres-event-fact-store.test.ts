import { afterAll, beforeAll } from "vitest";
import { PostgresEventFactStore } from "@/lib/store/postgres/postgres-event-fact-store";
import { eventFactStoreBehaviour } from "../support/event-fact-store-behaviour";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// The refunds and chargebacks fact tables on PostgreSQL: the same suite as SQLite's, each store on a pool of its own (an instance).
const TABLES = ["salesdash_refund_facts", "salesdash_refund_fact_days", "salesdash_chargeback_facts", "salesdash_chargeback_fact_days"];
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

eventFactStoreBehaviour("PostgresEventFactStore", {
  async open() {
    await schema.truncate(...TABLES);
    return new PostgresEventFactStore(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
  },
});
