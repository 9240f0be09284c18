import { describe, expect, it } from "vitest";
import type { LeaseStore } from "@/lib/store/lease-store";

// What every LeaseStore must do, run against each back-end (SQLite in tests/unit, Redis in
// tests/backends). `open` gives two store instances on the same, empty back-end, as two
// dashboard processes would have them (two handles on one file, two connections to one
// Redis); the caller cleans up what it opened. Times are a fake `now`, so expiries are exact.

const T0 = 1_900_000_000_000;

/**
 * Rules of a lease, as assertions on a store (and `other`, a second instance on its back-end),
 * shared with mirror-store-behaviour.ts: a mirror store is a lease store too.
 */
export const leaseRules = {
  async liveLeaseRefused(store: LeaseStore): Promise<void> {
    expect(await store.lease("sync:acct", "one", 1000, T0)).toBe(true);
    expect(await store.lease("sync:acct", "two", 1000, T0 + 1)).toBe(false);
    expect(await store.lease("sync:acct", "two", 1000, T0 + 999)).toBe(false);
    expect(await store.lease("sync:acct", "two", 1000, T0 + 1000)).toBe(true);
    // Now the first holder is the other one.
    expect(await store.lease("sync:acct", "one", 1000, T0 + 1001)).toBe(false);
  },
  async renewed(store: LeaseStore): Promise<void> {
    expect(await store.lease("sync:acct", "one", 1000, T0)).toBe(true);
    expect(await store.lease("sync:acct", "one", 1000, T0 + 900)).toBe(true);
    expect(await store.lease("sync:acct", "two", 1000, T0 + 1500)).toBe(false);
    expect(await store.lease("sync:acct", "two", 1000, T0 + 1900)).toBe(true);
  },
  async released(store: LeaseStore): Promise<void> {
    await store.lease("sync:acct", "one", 60_000, T0);
    await store.releaseLease("sync:acct", "two");
    expect(await store.lease("sync:acct", "two", 60_000, T0 + 1)).toBe(false);
    await store.releaseLease("sync:acct", "one");
    expect(await store.lease("sync:acct", "two", 60_000, T0 + 2)).toBe(true);
  },
  async independentNames(store: LeaseStore): Promise<void> {
    expect(await store.lease("sync:a", "one", 60_000, T0)).toBe(true);
    expect(await store.lease("sync:b", "two", 60_000, T0)).toBe(true);
  },
  async heldAcrossInstances(store: LeaseStore, other: LeaseStore): Promise<void> {
    expect(await store.lease("sync:acct", "process-1", 1000, T0)).toBe(true);
    expect(await other.lease("sync:acct", "process-2", 1000, T0 + 10)).toBe(false);
    expect(await store.lease("sync:acct", "process-1", 1000, T0 + 500)).toBe(true);
    expect(await other.lease("sync:acct", "process-2", 1000, T0 + 1200)).toBe(false);
    expect(await other.lease("sync:acct", "process-2", 1000, T0 + 1500)).toBe(true);
    expect(await store.lease("sync:acct", "process-1", 1000, T0 + 1600)).toBe(false);
    await other.releaseLease("sync:acct", "process-2");
    expect(await store.lease("sync:acct", "process-1", 1000, T0 + 1700)).toBe(true);
  },
};

export function describeLeaseStore(name: string, open: () => Promise<[LeaseStore, LeaseStore]> | [LeaseStore, LeaseStore]): void {
  describe(`${name} leases`, () => {
    it("a second holder cannot take a live lease; it can once the lease expired", async () => {
      const [store] = await open();
      await leaseRules.liveLeaseRefused(store);
    });

    it("the holder renews its lease, pushing the expiry out", async () => {
      const [store] = await open();
      await leaseRules.renewed(store);
    });

    it("the holder takes its own lease back after it expired, if nobody else did", async () => {
      const [store] = await open();
      expect(await store.lease("sync:acct", "one", 1000, T0)).toBe(true);
      expect(await store.lease("sync:acct", "one", 1000, T0 + 5000)).toBe(true);
      expect(await store.lease("sync:acct", "two", 1000, T0 + 5999)).toBe(false);
    });

    it("a released lease can be taken at once; only its holder releases it", async () => {
      const [store] = await open();
      await leaseRules.released(store);
    });

    it("a holder whose lease expired and was taken over cannot release its successor's", async () => {
      const [store] = await open();
      await store.lease("sync:acct", "one", 1000, T0);
      expect(await store.lease("sync:acct", "two", 1000, T0 + 1000)).toBe(true);
      await store.releaseLease("sync:acct", "one");
      expect(await store.lease("sync:acct", "three", 1000, T0 + 1001)).toBe(false);
    });

    it("releasing a lease nobody holds does nothing", async () => {
      const [store] = await open();
      await expect(store.releaseLease("sync:nobody", "one")).resolves.toBeUndefined();
      expect(await store.lease("sync:nobody", "two", 1000, T0)).toBe(true);
    });

    it("leases of different names are independent", async () => {
      const [store] = await open();
      await leaseRules.independentNames(store);
    });

    it("a lease held through one instance is refused through the other until it expires or is released", async () => {
      const [store, other] = await open();
      await leaseRules.heldAcrossInstances(store, other);
    });

    it("gives a lease wanted by both instances at the same moment to exactly one", async () => {
      const [store, other] = await open();
      for (let round = 0; round < 20; round++) {
        const now = T0 + round * 10_000; // each round after the previous lease expired
        const takes = await Promise.all([
          store.lease("sync:race", "process-1", 1000, now),
          other.lease("sync:race", "process-2", 1000, now),
          store.lease("sync:race", "process-3", 1000, now),
          other.lease("sync:race", "process-4", 1000, now),
        ]);
        expect(takes.filter(Boolean)).toHaveLength(1);
      }
    });
  });
}
