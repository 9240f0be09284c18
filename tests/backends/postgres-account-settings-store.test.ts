import { expect, it } from "vitest";
import { PostgresAccountSettingsStore } from "@/lib/store/postgres/postgres-account-settings-store";
import { accountSettingsStoreBehaviour } from "../support/account-settings-store-behaviour";
import { emptyStoreOfFile } from "../support/postgres-test-schema";

// Account settings on PostgreSQL: the contract every settings store keeps, and that instances
// sharing the database share the settings.
const { emptyStore, twoInstances } = emptyStoreOfFile("salesdash_account_settings", (pool) => new PostgresAccountSettingsStore(pool), (url, options) => new PostgresAccountSettingsStore(url, options));

accountSettingsStoreBehaviour("postgres", emptyStore);

it("a setting made through one instance is read and deleted through another (another pool, a restart)", () => twoInstances(async (store, other) => {
  await store.set("acct", { assumedCurrency: "eur" });
  expect(await other.get("acct")).toEqual({ assumedCurrency: "eur" });
  await other.delete("acct");
  expect(await store.get("acct")).toEqual({ assumedCurrency: null });
}));
