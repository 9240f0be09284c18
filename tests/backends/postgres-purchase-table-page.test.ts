import { afterAll, beforeAll } from "vitest";
import { PostgresPurchaseFactStore } from "@/lib/store/postgres/postgres-purchase-fact-store";
import { purchaseTablePageBehaviour } from "../support/purchase-table-page-behaviour";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// The purchases table's page from the PostgreSQL fact table: the suite SQLite runs in tests/unit.
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

purchaseTablePageBehaviour("PostgresPurchaseFactStore", {
  async open() {
    await schema.truncate("salesdash_purchase_facts", "salesdash_purchase_fact_days");
    return new PostgresPurchaseFactStore(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
  },
});
