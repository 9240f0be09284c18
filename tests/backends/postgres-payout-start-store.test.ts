import { expect, it } from "vitest";
import { PostgresPayoutStartStore } from "@/lib/store/postgres/postgres-payout-start-store";
import { payoutStartStoreBehaviour } from "../support/payout-start-store-behaviour";
import { emptyStoreOfFile } from "../support/postgres-test-schema";

// The payout back-test's month starts on PostgreSQL: the contract every store keeps, and that
// instances sharing the database (another pool, a restart) find what one of them wrote.
const { emptyStore, twoInstances } = emptyStoreOfFile("salesdash_payout_starts", (pool) => new PostgresPayoutStartStore(pool), (url, options) => new PostgresPayoutStartStore(url, options));

payoutStartStoreBehaviour("postgres", emptyStore);

it("a start written through one instance is read through another, and forgotten through it", () => twoInstances(async (store, other) => {
  await store.write("acct", [{ key: "k", bytes: Uint8Array.from([1, 2]) }], 1);
  // Two instances writing the same key at once: the first kept, neither fails.
  await Promise.all([store.write("acct", [{ key: "same", bytes: Uint8Array.from([3]) }], 2), other.write("acct", [{ key: "same", bytes: Uint8Array.from([3]) }], 2)]);
  expect(await other.read("acct", ["k", "same"])).toEqual([Uint8Array.from([1, 2]), Uint8Array.from([3])]);
  await other.deleteAccount("acct");
  expect(await store.read("acct", ["k"])).toEqual([null]);
}));
