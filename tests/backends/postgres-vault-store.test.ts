import { describe, expect, it } from "vitest";
import { PostgresVaultStore } from "@/lib/store/postgres/postgres-vault-store";
import { emptyStoreOfFile, TEST_DATABASE_URL } from "../support/postgres-test-schema";
import { vaultStoreBehaviour } from "../support/vault-store-behaviour";

// The vault on PostgreSQL: the contract every vault store keeps, then what sharing a database
// adds (another instance's entries, rows really deleted).
const T0 = 1_900_000_000_000;
const { db, emptyStore, twoInstances } = emptyStoreOfFile("salesdash_vault", (pool) => new PostgresVaultStore(pool), (url, options) => new PostgresVaultStore(url, options));

vaultStoreBehaviour("PostgresVaultStore", emptyStore);

describe("PostgresVaultStore in a shared database", () => {
  it("an entry put through one instance is read, expired and deleted through another (another pool)", () => twoInstances(async (store, other) => {
    await store.put("ref-1", "sealed-1", T0 + 1000);
    await store.put("ref-2", "sealed-2", T0 + 1000);
    expect(await other.get("ref-1", T0)).toBe("sealed-1");
    await other.delete("ref-1");
    expect(await store.get("ref-1", T0)).toBeUndefined();
    expect(await other.get("ref-2", T0 + 1000)).toBeUndefined();
    expect(await store.get("ref-2", T0)).toBeUndefined();
  }));

  it("removes expired rows from the table when read, not only hides them", async () => {
    const store = await emptyStore();
    await store.put("old", "sealed-old", T0 + 10);
    await store.put("fresh", "sealed-fresh", T0 + 10_000);
    await store.get("fresh", T0 + 10);
    expect((await db.schema.pool.query("SELECT ref FROM salesdash_vault ORDER BY ref")).rows).toEqual([{ ref: "fresh" }]);
    await store.delete("fresh");
    expect((await db.schema.pool.query("SELECT count(*)::int AS n FROM salesdash_vault")).rows).toEqual([{ n: 0 }]);
  });

  it("reads racing on the same expired rows all answer, none waits or deadlocks", async () => {
    const store = await emptyStore();
    for (let i = 0; i < 50; i++) await store.put(`old-${i}`, "x", T0 + i);
    await store.put("fresh", "sealed-fresh", T0 + 10_000);
    const answers = await Promise.all(Array.from({ length: 16 }, () => store.get("fresh", T0 + 100)));
    expect(answers).toEqual(Array(16).fill("sealed-fresh"));
    expect((await db.schema.pool.query("SELECT ref FROM salesdash_vault")).rows).toEqual([{ ref: "fresh" }]);
  });

  it("close ends a pool the store made, not one it was given", async () => {
    const shared = new PostgresVaultStore(db.schema.pool);
    await shared.close();
    expect(db.schema.pool.ended).toBe(false);
    const owning = new PostgresVaultStore(TEST_DATABASE_URL, { schema: db.schema.name });
    await owning.put("ref-1", "sealed-1", T0 + 1000);
    await owning.close();
    await expect(owning.get("ref-1", T0)).rejects.toThrow();
  });
});
