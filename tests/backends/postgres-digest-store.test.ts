import { expect, it } from "vitest";
import { PostgresDigestStore } from "@/lib/store/postgres/postgres-digest-store";
import { MAX_DIGEST_SUBSCRIPTIONS, type DigestSubscription } from "@/lib/store/digest-store";
import { digestStoreBehaviour } from "../support/digest-store-behaviour";
import { schemaOfFile, TEST_DATABASE_URL } from "../support/postgres-test-schema";

// Digest subscriptions on PostgreSQL: the contract every digest store keeps, and what several
// instances on one database need: of many claims of one period at once, from two instances,
// exactly one wins; two instances subscribing at once cannot pass the cap.
const db = schemaOfFile(["salesdash_digest_sends", "salesdash_digest_subscriptions"]);
const emptyStore = async () => new PostgresDigestStore(await db.emptied());

digestStoreBehaviour("postgres", emptyStore);

const subscription = (i: number, extra: Partial<DigestSubscription> = {}): DigestSubscription => ({
  id: `s${i}`, account: "acct", sealedAddress: Buffer.from([i]), addressKey: `k${i}`, cadence: "weekly", locale: "en", timeZone: "UTC", keyType: "creator", createdAt: i, confirmedAt: 1, ...extra,
});

async function twoInstances(run: (store: PostgresDigestStore, other: PostgresDigestStore) => Promise<void>): Promise<void> {
  const store = await emptyStore();
  const other = new PostgresDigestStore(TEST_DATABASE_URL, { schema: db.schema.name });
  try {
    await run(store, other);
  } finally {
    await other.close();
  }
}

it("of 40 claims of one period from two instances at once, exactly one wins", () => twoInstances(async (store, other) => {
  const s = subscription(1);
  await store.create(s);
  const wins = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? store : other).claimSend(s, "weekly:2026-06-08", 100 + i, 0)));
  expect(wins.filter(Boolean)).toHaveLength(1);
  expect(await other.sends("acct", 10)).toHaveLength(1);
}));

it("subscribes at once from two instances without passing the cap nor the one address per cadence", () => twoInstances(async (store, other) => {
  const answers = await Promise.all(Array.from({ length: MAX_DIGEST_SUBSCRIPTIONS + 6 }, (_, i) => (i % 2 ? store : other).create(subscription(i))));
  expect(answers.filter((a) => a === "created")).toHaveLength(MAX_DIGEST_SUBSCRIPTIONS);
  await store.deleteAccount("acct");
  const same = await Promise.all([store.create(subscription(100, { addressKey: "same" })), other.create(subscription(101, { addressKey: "same" }))]);
  expect(same.sort()).toEqual(["created", "exists"]);
}));
