import { describe, expect, it } from "vitest";
import type { ShareLinkRow, ShareLinkStore } from "@/lib/store/share-link-store";

// The contract every ShareLinkStore back-end keeps: memory and SQLite in tests/unit, PostgreSQL
// in tests/backends. `make` answers a store on an empty back-end.
export const T0 = Date.UTC(2026, 2, 10, 12);
const POLICY = { maxTries: 3, lockMs: 60_000 };

export function shareLinkRow(overrides: Partial<ShareLinkRow> = {}): ShareLinkRow {
  const id = overrides.id ?? `id-${Math.random().toString(36).slice(2)}`;
  return {
    id,
    tokenHash: `hash-${id}`,
    account: "acct-a",
    report: "revenue",
    query: "preset=last_7_days",
    mode: "fixed",
    createdAt: T0,
    expiresAt: T0 + 7 * 86_400_000,
    revokedAt: null,
    passwordHash: null,
    views: 0,
    lastOpenedAt: null,
    failedTries: 0,
    lockedUntil: null,
    snapshotAt: T0,
    snapshot: Buffer.from([0, 1, 2, 255]),
    ...overrides,
  };
}

export function shareLinkStoreBehaviour(name: string, make: () => ShareLinkStore | Promise<ShareLinkStore>): void {
  describe(`${name} share link store`, () => {
    it("finds a link by its token hash only, whole and unchanged", async () => {
      const store = await make();
      const row = shareLinkRow({ id: "l1", passwordHash: "scrypt$x", revokedAt: null, lastOpenedAt: null, mode: "live" });
      await store.insert(row);
      expect(await store.findByTokenHash("hash-l1")).toEqual(row);
      expect(await store.findByTokenHash("l1")).toBeUndefined();
      expect(await store.findByTokenHash("hash-other")).toBeUndefined();
    });

    it("refuses a second link with the same token hash or id", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "l1", tokenHash: "same" }));
      await expect(store.insert(shareLinkRow({ id: "l2", tokenHash: "same" }))).rejects.toThrow();
      await expect(store.insert(shareLinkRow({ id: "l1", tokenHash: "other" }))).rejects.toThrow();
    });

    it("lists an account's links newest first, without snapshots, and no other account's", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "old", createdAt: T0 }));
      await store.insert(shareLinkRow({ id: "new", createdAt: T0 + 1000 }));
      await store.insert(shareLinkRow({ id: "theirs", account: "acct-b", createdAt: T0 + 2000 }));
      const listed = await store.list("acct-a");
      expect(listed.map((l) => l.id)).toEqual(["new", "old"]);
      expect(listed[0]).not.toHaveProperty("snapshot");
      expect(listed[0]).toMatchObject({ account: "acct-a", report: "revenue", createdAt: T0 + 1000, expiresAt: T0 + 7 * 86_400_000, views: 0, revokedAt: null });
      expect(await store.list("acct-c")).toEqual([]);
    });

    it("revokes only the owner's link, keeping the first revocation's time", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "l1" }));
      expect(await store.revoke("acct-b", "l1", T0 + 1)).toBe(false);
      expect(await store.revoke("acct-a", "nope", T0 + 1)).toBe(false);
      expect((await store.findByTokenHash("hash-l1"))?.revokedAt).toBeNull();
      expect(await store.revoke("acct-a", "l1", T0 + 5)).toBe(true);
      expect(await store.revoke("acct-a", "l1", T0 + 9)).toBe(true);
      expect((await store.findByTokenHash("hash-l1"))?.revokedAt).toBe(T0 + 5);
    });

    it("counts views and the last opening", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "l1" }));
      await store.recordView("l1", T0 + 10);
      await store.recordView("l1", T0 + 20);
      expect(await store.findByTokenHash("hash-l1")).toMatchObject({ views: 2, lastOpenedAt: T0 + 20 });
    });

    it("counts wrong passwords, locks at the limit and starts the count again, and clears", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "l1" }));
      expect(await store.recordFailedTry("l1", T0, POLICY)).toEqual({ failedTries: 1, lockedUntil: null });
      expect(await store.recordFailedTry("l1", T0, POLICY)).toEqual({ failedTries: 2, lockedUntil: null });
      expect(await store.recordFailedTry("l1", T0 + 7, POLICY)).toEqual({ failedTries: 0, lockedUntil: T0 + 7 + 60_000 });
      expect(await store.findByTokenHash("hash-l1")).toMatchObject({ failedTries: 0, lockedUntil: T0 + 60_007 });
      expect(await store.recordFailedTry("l1", T0 + 70_000, POLICY)).toEqual({ failedTries: 1, lockedUntil: T0 + 60_007 });
      await store.clearFailedTries("l1");
      expect(await store.findByTokenHash("hash-l1")).toMatchObject({ failedTries: 0, lockedUntil: null });
      expect(await store.recordFailedTry("gone", T0, POLICY)).toBeUndefined();
    });

    it("counts every one of many wrong passwords sent at once", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "l1" }));
      const policy = { maxTries: 100, lockMs: 1 };
      await Promise.all(Array.from({ length: 20 }, () => store.recordFailedTry("l1", T0, policy)));
      expect((await store.findByTokenHash("hash-l1"))?.failedTries).toBe(20);
    });

    it("replaces a snapshot and its time; false for a link that is gone", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "l1" }));
      expect(await store.replaceSnapshot("l1", Buffer.from("new bytes"), T0 + 86_400_000)).toBe(true);
      expect(await store.findByTokenHash("hash-l1")).toMatchObject({ snapshot: Buffer.from("new bytes"), snapshotAt: T0 + 86_400_000 });
      expect(await store.replaceSnapshot("gone", Buffer.from("x"), T0)).toBe(false);
    });

    it("deletes every link of one account, and only those", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "a1" }));
      await store.insert(shareLinkRow({ id: "a2" }));
      await store.insert(shareLinkRow({ id: "b1", account: "acct-b" }));
      await store.deleteAccount("acct-a");
      expect(await store.list("acct-a")).toEqual([]);
      expect(await store.findByTokenHash("hash-a1")).toBeUndefined();
      expect((await store.list("acct-b")).map((l) => l.id)).toEqual(["b1"]);
      await expect(store.deleteAccount("nobody")).resolves.toBeUndefined();
    });

    it("caps an account's active links: revoked and expired ones and other accounts' do not count", async () => {
      const store = await make();
      const now = T0 + 1000;
      await store.insert(shareLinkRow({ id: "a1", createdAt: T0 }));
      await store.insert(shareLinkRow({ id: "a2", createdAt: T0 }));
      await store.insert(shareLinkRow({ id: "revoked", createdAt: T0, revokedAt: T0 + 1 }));
      await store.insert(shareLinkRow({ id: "expired", createdAt: T0 - 10, expiresAt: now }));
      await store.insert(shareLinkRow({ id: "b1", account: "acct-b", createdAt: T0 }));
      expect(await store.insert(shareLinkRow({ id: "a3", createdAt: now }), 3)).toBe("created");
      expect(await store.insert(shareLinkRow({ id: "a4", createdAt: now }), 3)).toBe("full");
      expect(await store.findByTokenHash("hash-a4")).toBeUndefined();
      expect(await store.insert(shareLinkRow({ id: "b2", account: "acct-b", createdAt: now }), 3)).toBe("created");
      // One turned off makes room for one.
      await store.revoke("acct-a", "a1", now);
      expect(await store.insert(shareLinkRow({ id: "a5", createdAt: now }), 3)).toBe("created");
      expect((await store.list("acct-a")).map((l) => l.id).sort()).toEqual(["a1", "a2", "a3", "a5", "expired", "revoked"]);
    });

    it("lets no more than the cap through when many links are made at once", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "a0" }));
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => store.insert(shareLinkRow({ id: `at-once-${i}` }), 4)));
      expect(answers.filter((a) => a === "created")).toHaveLength(3);
      expect(await store.list("acct-a")).toHaveLength(4);
    });

    it("finds the owner's link by id, with its snapshot; not another account's", async () => {
      const store = await make();
      const row = shareLinkRow({ id: "l1", mode: "live" });
      await store.insert(row);
      expect(await store.findOwned("acct-a", "l1")).toEqual(row);
      expect(await store.findOwned("acct-b", "l1")).toBeUndefined();
      expect(await store.findOwned("acct-a", "hash-l1")).toBeUndefined();
    });

    it("rotates an active link: the old one revoked and the new one stored in one step", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "old", mode: "live", passwordHash: "scrypt$x", views: 4 }));
      const next = shareLinkRow({ id: "new", tokenHash: "hash-new", mode: "live", passwordHash: "scrypt$x", createdAt: T0 + 50 });
      expect(await store.replace("acct-b", "old", next, T0 + 50)).toBe(false);
      expect(await store.findByTokenHash("hash-new")).toBeUndefined();
      expect(await store.replace("acct-a", "old", next, T0 + 50)).toBe(true);
      expect(await store.findByTokenHash("hash-old")).toMatchObject({ id: "old", revokedAt: T0 + 50, views: 4 });
      expect(await store.findByTokenHash("hash-new")).toEqual(next);
      // The old one is no longer active: it cannot be rotated again, nor can a revoked or expired link.
      expect(await store.replace("acct-a", "old", shareLinkRow({ id: "again" }), T0 + 60)).toBe(false);
      await store.insert(shareLinkRow({ id: "short", expiresAt: T0 + 100 }));
      expect(await store.replace("acct-a", "short", shareLinkRow({ id: "late" }), T0 + 100)).toBe(false);
      expect(await store.findByTokenHash("hash-again")).toBeUndefined();
      expect(await store.findByTokenHash("hash-late")).toBeUndefined();
      expect((await store.findByTokenHash("hash-short"))?.revokedAt).toBeNull();
    });

    it("lets one of two rotations of a link made at once win", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "old" }));
      const answers = await Promise.all(["x", "y", "z"].map((id) => store.replace("acct-a", "old", shareLinkRow({ id }), T0 + 5)));
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect((await store.list("acct-a")).filter((l) => l.revokedAt === null)).toHaveLength(1);
    });

    it("answers copies: changing an answer changes nothing stored", async () => {
      const store = await make();
      await store.insert(shareLinkRow({ id: "l1" }));
      const found = await store.findByTokenHash("hash-l1");
      found!.views = 99;
      found!.snapshot[0] = 42;
      expect(await store.findByTokenHash("hash-l1")).toMatchObject({ views: 0, snapshot: Buffer.from([0, 1, 2, 255]) });
    });
  });
}
