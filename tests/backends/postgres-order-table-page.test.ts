import { afterAll, beforeAll } from "vitest";
import { PostgresOrderFactStore } from "@/lib/store/postgres/postgres-order-fact-store";
import { orderTablePageBehaviour } from "../support/order-table-page-behaviour";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// The orders table's page from the PostgreSQL fact table: the suite SQLite runs in tests/unit.
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

orderTablePageBehaviour("PostgresOrderFactStore", {
  async open() {
    await schema.truncate("salesdash_order_facts", "salesdash_order_fact_days");
    return new PostgresOrderFactStore(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
  },
});
