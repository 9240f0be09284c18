// The saved-view actions on the shared wrapper: the session's account only; an affiliate saves
// views of the reports it can open (Revenue, Refunds) and no other; the query checked and
// reduced on the server; names unique per account; another account's id deletes nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemorySavedViewStore } from "@/lib/store/saved-view-store";

const session = vi.hoisted(() => ({ account: null as null | { keyType: "creator" | "affiliate" }, client: { identity: "acct-a" } }));
const views = vi.hoisted(() => ({ store: null as unknown }));

vi.mock("@/lib/auth/session", () => ({
  getSessionAccount: async () => session.account,
  getSessionClient: async () => session.client,
}));
vi.mock("@/lib/views/saved-views", () => ({ getSavedViewStore: () => views.store }));

const { createSavedViewAction } = await import("@/lib/actions/views/create-saved-view");
const { deleteSavedViewAction } = await import("@/lib/actions/views/delete-saved-view");

const QUERY = "from=2026-05-04&to=2026-05-17&tz=America%2FSao_Paulo&compare=last_year&method=pix&purchases.hide=country&purchases.page=2&utm=x";

describe("saved-view actions", () => {
  let store: MemorySavedViewStore;
  beforeEach(() => {
    store = new MemorySavedViewStore();
    views.store = store;
    session.account = { keyType: "creator" };
    session.client = { identity: "acct-a" };
  });

  it("saves the checked query under the tidied name, for the session's account", async () => {
    const result = await createSavedViewAction({ report: "revenue", name: "  Pix  in May ", query: `?${QUERY}` });
    expect(result).toMatchObject({ ok: true, data: { name: "Pix in May", report: "revenue", query: "from=2026-05-04&to=2026-05-17&compare=last_year&tz=America%2FSao_Paulo&method=pix&purchases.hide=country" } });
    expect((await store.list("acct-a")).map((v) => v.name)).toEqual(["Pix in May"]);
  });

  it("refuses without a session, a bad query, an empty, long or taken name", async () => {
    session.account = null;
    expect(await createSavedViewAction({ report: "revenue", name: "A", query: QUERY })).toMatchObject({ ok: false, error: { code: "unauthenticated" } });
    session.account = { keyType: "creator" };
    expect(await createSavedViewAction({ report: "revenue", name: "A", query: "from=2026-05-01&to=2026-05-31&tz=Mars%2FOlympus" })).toMatchObject({ ok: false, error: { code: "view_query_invalid", message: expect.stringContaining("Mars/Olympus") } });
    expect(await createSavedViewAction({ report: "revenue", name: " ", query: QUERY })).toMatchObject({ ok: false, error: { code: "view_name_empty" } });
    expect(await createSavedViewAction({ report: "revenue", name: "x".repeat(61), query: QUERY })).toMatchObject({ ok: false, error: { code: "view_name_too_long" } });
    expect(await createSavedViewAction({ report: "revenue", name: "Mine", query: QUERY })).toMatchObject({ ok: true });
    expect(await createSavedViewAction({ report: "orders", name: "MINE", query: "preset=last_7_days&tz=UTC" })).toMatchObject({ ok: false, error: { code: "view_name_taken" } });
    expect(await createSavedViewAction({ report: "overview" as never, name: "B", query: QUERY })).toMatchObject({ ok: false, error: { code: "invalid_request" } });
    expect(await store.list("acct-a")).toHaveLength(1);
  });

  it("lets an affiliate save Revenue and Refunds views, never Orders or Abandonment", async () => {
    session.account = { keyType: "affiliate" };
    expect(await createSavedViewAction({ report: "revenue", name: "R", query: QUERY })).toMatchObject({ ok: true });
    expect(await createSavedViewAction({ report: "refunds", name: "F", query: "preset=last_30_days&tz=UTC" })).toMatchObject({ ok: true });
    expect(await createSavedViewAction({ report: "orders", name: "O", query: "preset=last_30_days&tz=UTC" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await createSavedViewAction({ report: "abandonment", name: "A", query: "preset=last_30_days&tz=UTC" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect((await store.list("acct-a")).map((v) => v.report)).toEqual(["revenue", "refunds"]);
  });

  it("deletes the account's own view; another account's id deletes nothing", async () => {
    const saved = await createSavedViewAction({ report: "revenue", name: "Mine", query: QUERY });
    if (!saved.ok) throw new Error("not saved");
    session.client = { identity: "acct-b" };
    expect(await deleteSavedViewAction({ id: saved.data.id })).toMatchObject({ ok: false, error: { code: "view_not_found" } });
    session.client = { identity: "acct-a" };
    expect(await deleteSavedViewAction({ id: saved.data.id })).toEqual({ ok: true, data: { id: saved.data.id } });
    expect(await store.list("acct-a")).toEqual([]);
  });
});
