import { describe, expect, it } from "vitest";
import { MAX_SAVED_VIEWS, type SavedView, type SavedViewStore } from "@/lib/store/saved-view-store";

// The contract every SavedViewStore back-end keeps: memory and SQLite in tests/unit,
// PostgreSQL in tests/backends. `make` answers a store on an empty back-end.
export function savedViewStoreBehaviour(name: string, make: () => SavedViewStore | Promise<SavedViewStore>): void {
  let n = 0;
  const view = (account: string, viewName: string, extra: Partial<SavedView> = {}): SavedView => ({
    id: `v${++n}`, account, name: viewName, report: "revenue", query: "preset=last_7_days&tz=UTC", createdAt: 1_000 + n, ...extra,
  });

  describe(`${name} saved view store`, () => {
    it("lists an account's views oldest first, and only its own", async () => {
      const store = await make();
      expect(await store.list("a")).toEqual([]);
      const first = view("a", "Weekly", { report: "refunds", query: "from=2026-05-01&to=2026-05-31&tz=America%2FSao_Paulo&refunds.hide=buyerEmail" });
      const second = view("a", "Monthly");
      const theirs = view("b", "Weekly");
      for (const v of [first, second, theirs]) expect(await store.create(v)).toBe("created");
      expect(await store.list("a")).toEqual([first, second]);
      expect(await store.list("b")).toEqual([theirs]);
    });

    it("refuses a second view of the same name in one account, whatever its case and spaces; another account may use it", async () => {
      const store = await make();
      expect(await store.create(view("a", "Card sales"))).toBe("created");
      expect(await store.create(view("a", "card  SALES "))).toBe("name_taken");
      expect(await store.create(view("b", "Card sales"))).toBe("created");
      expect((await store.list("a")).map((v) => v.name)).toEqual(["Card sales"]);
    });

    it(`keeps at most ${MAX_SAVED_VIEWS} views per account`, async () => {
      const store = await make();
      for (let i = 0; i < MAX_SAVED_VIEWS; i++) expect(await store.create(view("a", `View ${i}`))).toBe("created");
      expect(await store.create(view("a", "One more"))).toBe("full");
      expect(await store.create(view("b", "One more"))).toBe("created");
      expect(await store.list("a")).toHaveLength(MAX_SAVED_VIEWS);
    });

    it("deletes a view of the account only: another account's id deletes nothing", async () => {
      const store = await make();
      const mine = view("a", "Mine");
      const theirs = view("b", "Theirs");
      await store.create(mine);
      await store.create(theirs);
      expect(await store.delete("a", theirs.id)).toBe(false);
      expect(await store.list("b")).toEqual([theirs]);
      expect(await store.delete("a", "never-there")).toBe(false);
      expect(await store.delete("a", mine.id)).toBe(true);
      expect(await store.delete("a", mine.id)).toBe(false);
      expect(await store.list("a")).toEqual([]);
      // The name is free again.
      expect(await store.create(view("a", "Mine"))).toBe("created");
    });

    it("forgets an account's views and keeps the others'", async () => {
      const store = await make();
      await store.create(view("a", "One"));
      await store.create(view("a", "Two"));
      await store.create(view("b", "One"));
      await store.deleteAccount("a");
      await expect(store.deleteAccount("never-there")).resolves.toBeUndefined();
      expect(await store.list("a")).toEqual([]);
      expect((await store.list("b")).map((v) => v.name)).toEqual(["One"]);
    });
  });
}
