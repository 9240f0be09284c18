import { describe, expect, it } from "vitest";
import type { AccountSettingsStore } from "@/lib/store/account-settings-store";

// The contract every AccountSettingsStore back-end keeps: memory and SQLite in tests/unit,
// PostgreSQL in tests/backends. `make` answers a store on an empty back-end.
export function accountSettingsStoreBehaviour(name: string, make: () => AccountSettingsStore | Promise<AccountSettingsStore>): void {
  describe(`${name} account settings store`, () => {
    it("answers the defaults for an account it has not seen, then what was set, per account", async () => {
      const store = await make();
      expect(await store.get("a")).toEqual({ assumedCurrency: null });
      await store.set("a", { assumedCurrency: "brl" });
      expect(await store.get("a")).toEqual({ assumedCurrency: "brl" });
      expect(await store.get("b")).toEqual({ assumedCurrency: null });
      await store.set("a", { assumedCurrency: null });
      expect(await store.get("a")).toEqual({ assumedCurrency: null });
      await store.set("a", { assumedCurrency: "usd" });
      await store.delete("a");
      expect(await store.get("a")).toEqual({ assumedCurrency: null });
    });

    it("answers a fresh copy of the defaults: changing one answer changes no other", async () => {
      const store = await make();
      const first = await store.get("a");
      first.assumedCurrency = "eur";
      expect(await store.get("a")).toEqual({ assumedCurrency: null });
    });

    it("deletes a missing account without complaint, and keeps the others", async () => {
      const store = await make();
      await store.set("b", { assumedCurrency: "jpy" });
      await expect(store.delete("never-there")).resolves.toBeUndefined();
      expect(await store.get("b")).toEqual({ assumedCurrency: "jpy" });
    });
  });
}
