import { describe, expect, it } from "vitest";
import type { VaultStore } from "@/lib/store/vault-store";

// The contract every VaultStore back-end keeps: memory and SQLite in tests/unit, PostgreSQL in
// tests/backends. `makeStore` answers a store on an empty back-end.
const T0 = 1_900_000_000_000; // a fixed instant; stores only compare numbers

export function vaultStoreBehaviour(name: string, makeStore: () => VaultStore | Promise<VaultStore>): void {
  describe(name, () => {
    it("returns what was put, until it expires", async () => {
      const store = await makeStore();
      await store.put("ref-1", "sealed-1", T0 + 1000);
      expect(await store.get("ref-1", T0)).toBe("sealed-1");
      expect(await store.get("ref-1", T0 + 999)).toBe("sealed-1");
    });

    it("returns undefined for a reference never put", async () => {
      const store = await makeStore();
      await store.put("ref-1", "sealed-1", T0 + 1000);
      expect(await store.get("ref-2", T0)).toBeUndefined();
      expect(await store.get("", T0)).toBeUndefined();
    });

    it("treats an entry as expired at its expiry instant (expiresAt <= now)", async () => {
      const store = await makeStore();
      await store.put("ref-1", "sealed-1", T0 + 1000);
      expect(await store.get("ref-1", T0 + 1000)).toBeUndefined();
    });

    it("treats an entry as expired after its expiry instant", async () => {
      const store = await makeStore();
      await store.put("ref-1", "sealed-1", T0 + 1000);
      expect(await store.get("ref-1", T0 + 1001)).toBeUndefined();
    });

    it("forgets an expired entry: an earlier clock afterwards does not bring it back", async () => {
      const store = await makeStore();
      await store.put("ref-1", "sealed-1", T0 + 1000);
      expect(await store.get("ref-1", T0 + 5000)).toBeUndefined();
      expect(await store.get("ref-1", T0)).toBeUndefined();
    });

    it("expires entries independently", async () => {
      const store = await makeStore();
      await store.put("short", "s", T0 + 10);
      await store.put("long", "l", T0 + 10_000);
      expect(await store.get("short", T0 + 10)).toBeUndefined();
      expect(await store.get("long", T0 + 10)).toBe("l");
    });

    it("replaces value and expiry when a reference is put again", async () => {
      const store = await makeStore();
      await store.put("ref-1", "old", T0 + 10);
      await store.put("ref-1", "new", T0 + 10_000);
      expect(await store.get("ref-1", T0 + 5000)).toBe("new");
    });

    it("deletes one entry and leaves the others", async () => {
      const store = await makeStore();
      await store.put("ref-1", "sealed-1", T0 + 1000);
      await store.put("ref-2", "sealed-2", T0 + 1000);
      // It answers whether it took an entry away: of two instances racing, one does (a kept key's refusal is told once).
      expect(await store.delete("ref-1")).toBe(true);
      expect(await store.delete("ref-1")).toBe(false);
      expect(await store.get("ref-1", T0)).toBeUndefined();
      expect(await store.get("ref-2", T0)).toBe("sealed-2");
    });

    it("deletes a missing reference without complaint", async () => {
      const store = await makeStore();
      await expect(store.delete("never-there")).resolves.toBe(false);
    });

    it("lists every entry not expired at the instant asked, and none other (the sessions the server keeps syncing)", async () => {
      const store = await makeStore();
      expect(await store.entries(T0)).toEqual([]);
      await store.put("short", "s", T0 + 10);
      await store.put("long", "l", T0 + 10_000);
      await store.put("gone", "g", T0 + 10_000);
      await store.delete("gone");
      const listed = async (now: number) => (await store.entries(now)).sort((a, b) => a.ref.localeCompare(b.ref));
      expect(await listed(T0)).toEqual([{ ref: "long", sealed: "l" }, { ref: "short", sealed: "s" }]);
      expect(await listed(T0 + 10)).toEqual([{ ref: "long", sealed: "l" }]);
    });

    it("keeps an entry whose expiry is the latest instant a Date holds (a kept key's)", async () => {
      const store = await makeStore();
      await store.put("kept", "k", 8_640_000_000_000_000);
      expect(await store.get("kept", T0 + 100 * 365 * 86_400_000)).toBe("k");
      expect((await store.entries(T0)).map((e) => e.ref)).toContain("kept");
    });

    it("keeps values byte for byte (long, unicode)", async () => {
      const store = await makeStore();
      const value = `${"A".repeat(10_000)}é日本🔑`;
      await store.put("ref-1", value, T0 + 1000);
      expect(await store.get("ref-1", T0)).toBe(value);
    });
  });
}
