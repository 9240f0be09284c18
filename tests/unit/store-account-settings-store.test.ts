import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryAccountSettingsStore, type AccountSettingsStore } from "@/lib/store/account-settings-store";
import { SqliteAccountSettingsStore } from "@/lib/store/sqlite-account-settings-store";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-settings-"));

describe.each<[string, () => AccountSettingsStore]>([
  ["memory", () => new MemoryAccountSettingsStore()],
  ["sqlite", () => new SqliteAccountSettingsStore(path.join(dir, `s-${Math.random()}.sqlite`))],
])("%s account settings store", (_name, make) => {
  it("answers the defaults for an account it has not seen, then what was set, per account", async () => {
    const store = make();
    expect(await store.get("a")).toEqual({ assumedCurrency: null });
    await store.set("a", { assumedCurrency: "brl" });
    expect(await store.get("a")).toEqual({ assumedCurrency: "brl" });
    expect(await store.get("b")).toEqual({ assumedCurrency: null });
    await store.set("a", { assumedCurrency: null });
    expect(await store.get("a")).toEqual({ assumedCurrency: null });
    await store.set("a", { assumedCurrency: "usd" });
    await store.delete("a");
    expect(await store.get("a")).toEqual({ assumedCurrency: null });
  });
});

it("keeps settings across a restart (a new store on the same file), in an owner-only file", async () => {
  const file = path.join(dir, "restart.sqlite");
  await new SqliteAccountSettingsStore(file).set("acct", { assumedCurrency: "eur" });
  expect(await new SqliteAccountSettingsStore(file).get("acct")).toEqual({ assumedCurrency: "eur" });
  expect(fs.statSync(file).mode & 0o077).toBe(0);
});
