import { expect, it } from "vitest";
import { PostgresShareLinkStore } from "@/lib/store/postgres/postgres-share-link-store";
import { shareLinkRow, shareLinkStoreBehaviour, T0 } from "../support/share-link-store-behaviour";
import { emptyStoreOfFile } from "../support/postgres-test-schema";

// Share links on PostgreSQL: the contract every share link store keeps, and what instances
// sharing the database share: the links, their revocation, and a password link's tries.
const { db, emptyStore, twoInstances } = emptyStoreOfFile("salesdash_share_links", (pool) => new PostgresShareLinkStore(pool), (url, options) => new PostgresShareLinkStore(url, options));

shareLinkStoreBehaviour("postgres", emptyStore);

it("a link made through one instance is opened, counted, locked and revoked through another (another pool, a restart)", () => twoInstances(async (store, other) => {
  const policy = { maxTries: 10, lockMs: 15 * 60_000 };
  await store.insert(shareLinkRow({ id: "l1", passwordHash: "scrypt$x" }));
  expect(await other.findByTokenHash("hash-l1")).toMatchObject({ id: "l1", passwordHash: "scrypt$x" });
  for (let i = 0; i < 9; i += 1) await (i % 2 ? store : other).recordFailedTry("l1", T0, policy);
  expect(await store.findByTokenHash("hash-l1")).toMatchObject({ failedTries: 9, lockedUntil: null });
  expect(await other.recordFailedTry("l1", T0, policy)).toEqual({ failedTries: 0, lockedUntil: T0 + 15 * 60_000 });
  expect(await other.revoke("acct-a", "l1", T0 + 1)).toBe(true);
  expect((await store.findByTokenHash("hash-l1"))?.revokedAt).toBe(T0 + 1);
}));

it("keeps epoch milliseconds past 2^31 exact (BIGINT, answered as numbers)", async () => {
  const store = await emptyStore();
  const far = Date.UTC(2090, 0, 1);
  await store.insert(shareLinkRow({ id: "l1", expiresAt: far, createdAt: far - 1, snapshotAt: far - 2 }));
  const found = await store.findByTokenHash("hash-l1");
  expect(found).toMatchObject({ expiresAt: far, createdAt: far - 1, snapshotAt: far - 2 });
  expect(typeof found?.expiresAt).toBe("number");
});

it("looks a link up through a unique index on the token hash", async () => {
  // This file's own schema: another run of the suite beside this one has its own table and index.
  const { rows } = await db.schema.pool.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'salesdash_share_links' AND indexdef LIKE '%(token_hash)%'", [db.schema.name]);
  expect(rows.map((r) => r.indexdef)).toEqual([expect.stringMatching(/^CREATE UNIQUE INDEX .* \(token_hash\)$/)]);
});
