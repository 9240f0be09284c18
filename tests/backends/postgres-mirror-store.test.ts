import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PostgresMirrorStore } from "@/lib/store/postgres/postgres-mirror-store";
import { mirrorDay as day, mirrorStoreBehaviour, T0 } from "../support/mirror-store-behaviour";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// The mirror on PostgreSQL: the same suite as SQLite's, each store on a pool of its own (an
// instance), then what only a shared database adds.
const TABLES = ["salesdash_mirror_days", "salesdash_mirror_sync_state"];
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

const instance = () => new PostgresMirrorStore(TEST_DATABASE_URL, { schema: schema.name, max: 4 });

mirrorStoreBehaviour("PostgresMirrorStore", {
  async open() {
    await schema.truncate(...TABLES);
    return instance();
  },
  async openAnother() {
    return instance();
  },
});

describe("PostgresMirrorStore in a shared database", () => {
  it("reads a batch of days with one query, whatever its size", async () => {
    await schema.truncate(...TABLES);
    const store = new PostgresMirrorStore(schema.pool);
    const dates = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    for (const date of dates) await store.writeDay("acct", day("purchases", date));
    const query = vi.spyOn(schema.pool, "query");
    try {
      expect(await store.readDays("acct", "purchases", dates)).toHaveLength(90);
      expect(await store.readMeta("acct", "purchases", dates)).toHaveLength(90);
      expect(await store.readDigests("acct", "purchases", dates)).toHaveLength(90);
      expect(query).toHaveBeenCalledTimes(3);
      expect(await store.readDays("acct", "purchases", [])).toEqual([]);
      expect(query).toHaveBeenCalledTimes(3);
    } finally {
      query.mockRestore();
    }
  });

  it("answers a day asked for twice twice, as SQLite's lookup per day does", async () => {
    await schema.truncate(...TABLES);
    const store = new PostgresMirrorStore(schema.pool);
    await store.writeDay("acct", day("orders", "2026-06-01"));
    expect((await store.readMeta("acct", "orders", ["2026-06-01", "2026-06-02", "2026-06-01"])).map((m) => m.day)).toEqual(["2026-06-01", "2026-06-01"]);
  });

  it("keeps epoch milliseconds beyond 32 bits exactly, and numbers as numbers", async () => {
    await schema.truncate(...TABLES);
    const store = new PostgresMirrorStore(schema.pool);
    const fetchedAt = 8_640_000_000_000_000; // the last instant a Date can hold
    await store.writeDay("acct", day("orders", "2026-06-01", { fetchedAt }));
    const [read] = await store.listDays("acct");
    expect(read?.fetchedAt).toBe(fetchedAt);
    expect(typeof read?.count).toBe("number");
    expect(await store.writeDigest("acct", "orders", "2026-06-01", fetchedAt, { name: "d", sealed: Buffer.from("s") })).toBe(true);
  });

  it("sizeBytes counts the mirror's tables, and grows with the days written", async () => {
    await schema.truncate(...TABLES);
    const store = new PostgresMirrorStore(schema.pool);
    const before = await store.sizeBytes();
    for (let i = 1; i <= 20; i++) await store.writeDay("acct", day("purchases", `2026-05-${String(i).padStart(2, "0")}`, { sealed: Buffer.alloc(100_000, i) }));
    expect(await store.sizeBytes()).toBeGreaterThan(before + 1_000_000);
  });

  it("close ends a pool the store made, not one it was given", async () => {
    await new PostgresMirrorStore(schema.pool).close();
    expect(schema.pool.ended).toBe(false);
    const owning = instance();
    await owning.writeDay("acct", day("orders", "2026-06-01"));
    await owning.close();
    await expect(owning.listDays("acct")).rejects.toThrow();
  });

  it("forget deletes days and sync state in one transaction: when the second delete fails, the first is undone", async () => {
    await schema.truncate(...TABLES);
    const store = new PostgresMirrorStore(schema.pool);
    await store.writeDay("acct", day("orders", "2026-06-01"));
    await store.writeSyncState("acct", { days: 5, startedAt: T0, passEndedAt: null, lastError: null, unavailable: [] });
    await schema.pool.query(`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse_state_delete BEFORE DELETE ON salesdash_mirror_sync_state FOR EACH ROW EXECUTE FUNCTION refuse_delete()`);
    try {
      await expect(store.forget("acct")).rejects.toThrow(/refused/);
      expect(await store.listDays("acct")).toHaveLength(1);
    } finally {
      await schema.pool.query("DROP TRIGGER refuse_state_delete ON salesdash_mirror_sync_state; DROP FUNCTION refuse_delete()");
    }
    await store.forget("acct");
    expect(await store.listDays("acct")).toEqual([]);
    expect(await store.readSyncState("acct")).toBeUndefined();
  });
});
