import { afterAll, beforeAll, expect, it } from "vitest";
import { PostgresAccountSettingsStore } from "@/lib/store/postgres/postgres-account-settings-store";
import { accountSettingsStoreBehaviour } from "../support/account-settings-store-behaviour";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// Account settings on PostgreSQL: the contract every settings store keeps, and that instances
// sharing the database share the settings.
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

async function emptyStore(): Promise<PostgresAccountSettingsStore> {
  await schema.truncate("salesdash_account_settings");
  return new PostgresAccountSettingsStore(schema.pool);
}

accountSettingsStoreBehaviour("postgres", emptyStore);

it("a setting made through one instance is read and deleted through another (another pool, a restart)", async () => {
  const store = await emptyStore();
  const other = new PostgresAccountSettingsStore(TEST_DATABASE_URL, { schema: schema.name });
  try {
    await store.set("acct", { assumedCurrency: "eur" });
    expect(await other.get("acct")).toEqual({ assumedCurrency: "eur" });
    await other.delete("acct");
    expect(await store.get("acct")).toEqual({ assumedCurrency: null });
  } finally {
    await other.close();
  }
});
