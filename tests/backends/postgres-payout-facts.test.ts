import { afterAll, beforeAll } from "vitest";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { payoutFactsBehaviour } from "../support/payout-facts-behaviour";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// The payout calendar's reads of the purchases fact table on PostgreSQL: the suite SQLite runs in tests/unit.
const TABLES = ["salesdash_purchase_facts", "salesdash_purchase_fact_days"];
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

payoutFactsBehaviour("PostgresPurchaseFactStore", {
  async open() {
    await schema.truncate(...TABLES);
    return new PostgresPurchaseFactStore(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
  },
});
