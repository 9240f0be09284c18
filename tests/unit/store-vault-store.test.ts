import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteVaultStore } from "@/lib/store/sqlite-vault-store";
import { MemoryVaultStore } from "@/lib/store/vault-store";
import { vaultStoreBehaviour } from "../support/vault-store-behaviour";

// The contract every VaultStore back-end keeps (tests/support/vault-store-behaviour.ts, also run
// against PostgreSQL in tests/backends); the SQLite-only checks (file mode, raw bytes) are in
// store-sqlite-vault-store.test.ts.
const tempDirs: string[] = [];

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-vault-store-"));
  tempDirs.push(dir);
  return path.join(dir, "vault.sqlite");
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const T0 = 1_900_000_000_000;

vaultStoreBehaviour("MemoryVaultStore", () => new MemoryVaultStore());
vaultStoreBehaviour("SqliteVaultStore", () => new SqliteVaultStore(tempFile()));

describe("MemoryVaultStore housekeeping", () => {
  it("drops an expired entry when it is read", async () => {
    const store = new MemoryVaultStore();
    await store.put("ref-1", "sealed-1", T0 + 1000);
    await store.put("ref-2", "sealed-2", T0 + 5000);
    expect(store.size()).toBe(2);
    await store.get("ref-1", T0 + 1000);
    expect(store.size()).toBe(1);
  });

  it("does not count a miss as an entry", async () => {
    const store = new MemoryVaultStore();
    await store.get("missing", T0);
    expect(store.size()).toBe(0);
  });

  it("shrinks on delete", async () => {
    const store = new MemoryVaultStore();
    await store.put("ref-1", "sealed-1", T0 + 1000);
    await store.delete("ref-1");
    expect(store.size()).toBe(0);
  });
});
