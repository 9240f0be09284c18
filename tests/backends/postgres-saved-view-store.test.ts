import { expect, it } from "vitest";
import { PostgresSavedViewStore } from "@/lib/store/postgres/postgres-saved-view-store";
import { MAX_SAVED_VIEWS } from "@/lib/store/saved-view-store";
import { savedViewStoreBehaviour } from "../support/saved-view-store-behaviour";
import { emptyStoreOfFile } from "../support/postgres-test-schema";

// Saved views on PostgreSQL: the contract every saved-view store keeps (create, list, delete,
// another account's id deletes nothing, forget an account), that instances sharing the
// database share the views, and that instances saving at once cannot pass the cap together.
const { emptyStore, twoInstances } = emptyStoreOfFile("salesdash_saved_views", (pool) => new PostgresSavedViewStore(pool), (url, options) => new PostgresSavedViewStore(url, options));

savedViewStoreBehaviour("postgres", emptyStore);

it("a view saved through one instance is listed and deleted through another (another pool, a restart)", () => twoInstances(async (store, other) => {
  const view = { id: "v-shared", account: "acct", name: "Weekly", report: "revenue" as const, query: "preset=last_7_days&tz=UTC", createdAt: 1_700_000_000_000 };
  expect(await store.create(view)).toBe("created");
  expect(await other.list("acct")).toEqual([view]);
  expect(await other.delete("someone-else", view.id)).toBe(false);
  expect(await other.delete("acct", view.id)).toBe(true);
  expect(await store.list("acct")).toEqual([]);
}));

it("saves at once from two instances without passing the cap nor the unique name", () => twoInstances(async (store, other) => {
  const make = (i: number, name = `View ${i}`) => ({ id: `c${i}`, account: "acct", name, report: "revenue" as const, query: "tz=UTC", createdAt: i });
  const answers = await Promise.all(Array.from({ length: MAX_SAVED_VIEWS + 10 }, (_, i) => (i % 2 ? store : other).create(make(i))));
  expect(answers.filter((a) => a === "created")).toHaveLength(MAX_SAVED_VIEWS);
  await store.deleteAccount("acct");
  const same = await Promise.all([store.create(make(1, "Same")), other.create(make(2, "same"))]);
  expect(same.sort()).toEqual(["created", "name_taken"]);
}));
