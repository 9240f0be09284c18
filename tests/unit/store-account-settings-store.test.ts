import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { MemoryAccountSettingsStore } from "@/lib/store/account-settings-store";
import { SqliteAccountSettingsStore } from "@/lib/store/sqlite-account-settings-store";
import { accountSettingsStoreBehaviour } from "../support/account-settings-store-behaviour";

// The contract every back-end keeps (tests/support, also run against PostgreSQL in
// tests/backends), then what only the SQLite file has.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-settings-"));

accountSettingsStoreBehaviour("memory", () => new MemoryAccountSettingsStore());
accountSettingsStoreBehaviour("sqlite", () => new SqliteAccountSettingsStore(path.join(dir, `s-${Math.random()}.sqlite`)));

it("keeps settings across a restart (a new store on the same file), in an owner-only file", async () => {
  const file = path.join(dir, "restart.sqlite");
  await new SqliteAccountSettingsStore(file).set("acct", { assumedCurrency: "eur" });
  expect(await new SqliteAccountSettingsStore(file).get("acct")).toEqual({ assumedCurrency: "eur" });
  expect(fs.statSync(file).mode & 0o077).toBe(0);
});
