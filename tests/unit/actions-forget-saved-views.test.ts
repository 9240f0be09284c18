// "Forget my data" deletes the account's saved views with its mirror (issue #15): a user who
// asks the server to forget them finds no view of theirs in the store afterwards.
import { expect, it, vi } from "vitest";
import { MemorySavedViewStore } from "@/lib/store/saved-view-store";
import { MemoryDigestStore } from "@/lib/store/digest-store";

const state = vi.hoisted(() => ({ removed: [] as string[], store: null as unknown, digests: null as unknown, factsForgotten: [] as string[], orderFactsForgotten: [] as string[], cartFactsForgotten: [] as string[], eventFactsForgotten: [] as string[] }));

vi.mock("@/lib/auth/session", () => ({
  getSessionAccount: async () => ({ keyType: "creator", vaultRef: "ref" }),
  getSessionClient: async () => ({ identity: "acct-a" }),
}));
vi.mock("@/lib/auth/credential-vault", () => ({ getCredentialVault: () => ({ remove: async (ref: string) => (state.removed.push(ref), true) }) }));
vi.mock("@/lib/auth/session-token", () => ({ clearSessionCookies: async () => undefined }));
vi.mock("@/lib/mirror/account-sync", () => ({ withAccountSyncStopped: async (_account: string, work: () => Promise<unknown>) => work() }));
vi.mock("@/lib/mirror/mirror-access", () => ({
  getMirrorStore: () => ({ forget: async () => undefined }),
  getFactStores: () => ({
    facts: { forget: async (account: string) => void state.factsForgotten.push(account) },
    orderFacts: { forget: async (account: string) => void state.orderFactsForgotten.push(account) },
    cartFacts: { forget: async (account: string) => void state.cartFactsForgotten.push(account) },
    eventFacts: { forget: async (account: string) => void state.eventFactsForgotten.push(account) },
  }),
}));
vi.mock("@/lib/sales-api", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/sales-api")>()), getClientState: () => ({ reports: { busy: () => false } }) }));
vi.mock("next/navigation", () => ({ redirect: (to: string) => { throw new Error(`redirect ${to}`); } }));
vi.mock("@/lib/views/saved-views", () => ({ getSavedViewStore: () => state.store }));
vi.mock("@/lib/store/app-stores", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/store/app-stores")>()), digestStore: () => state.digests }));

const { forgetMyDataAction } = await import("@/lib/actions/account/forget-my-data");

it("deletes the account's saved views and digest subscriptions, and only that account's", async () => {
  const store = new MemorySavedViewStore();
  state.store = store;
  const digests = new MemoryDigestStore();
  state.digests = digests;
  const subscription = { sealedAddress: Buffer.from("x"), addressKey: "k", cadence: "weekly" as const, locale: "en", timeZone: "UTC", keyType: "creator" as const, createdAt: 1, confirmedAt: 1 };
  await digests.create({ ...subscription, id: "d1", account: "acct-a" });
  await digests.create({ ...subscription, id: "d2", account: "acct-b" });
  const view = { report: "revenue" as const, query: "preset=last_7_days&tz=UTC", createdAt: 1 };
  await store.create({ ...view, id: "1", account: "acct-a", name: "Mine" });
  await store.create({ ...view, id: "2", account: "acct-b", name: "Theirs" });
  await expect(forgetMyDataAction()).rejects.toThrow("redirect /sign-in?reason=forgotten");
  expect(await store.list("acct-a")).toEqual([]);
  expect(await store.list("acct-b")).toHaveLength(1);
  expect(await digests.list("acct-a")).toEqual([]);
  expect(await digests.list("acct-b")).toHaveLength(1);
  // The purchases fact table's rows of the account go with its mirror.
  expect(state.factsForgotten).toEqual(["acct-a"]);
  // And the orders fact table's.
  expect(state.orderFactsForgotten).toEqual(["acct-a"]);
  expect(state.cartFactsForgotten).toEqual(["acct-a"]);
  // And the refunds' and chargebacks'.
  expect(state.eventFactsForgotten).toEqual(["acct-a"]);
  // The session's vault entry, and the key kept for the account's digests and alerts (issue #27, point 5).
  expect(state.removed).toEqual(["ref", "kept:acct-a"]);
});
