import { expect, it } from "vitest";
import { PostgresAccountSettingsStore } from "@/lib/store/postgres/postgres-account-settings-store";
import { accountSettingsStoreBehaviour } from "../support/account-settings-store-behaviour";
import { emptyStoreOfFile, TEST_DATABASE_URL } from "../support/postgres-test-schema";

// Account settings on PostgreSQL: the contract every settings store keeps, and that instances
// sharing the database share the settings.
const { db, emptyStore } = emptyStoreOfFile("salesdash_account_settings", (pool) => new PostgresAccountSettingsStore(pool));

accountSettingsStoreBehaviour("postgres", emptyStore);

it("a setting made through one instance is read and deleted through another (another pool, a restart)", async () => {
  const store = await emptyStore();
  const other = new PostgresAccountSettingsStore(TEST_DATABASE_URL, { schema: db.schema.name });
  try {
    await store.set("acct", { assumedCurrency: "eur" });
    expect(await other.get("acct")).toEqual({ assumedCurrency: "eur" });
    await other.delete("acct");
    expect(await store.get("acct")).toEqual({ assumedCurrency: null });
  } finally {
    await other.close();
  }
});
