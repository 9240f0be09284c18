import { describe, expect, it } from "vitest";
import type { TokenStore } from "@/lib/store/token-store";

// What every TokenStore must do, run against each back-end (memory in tests/unit, Redis in
// tests/backends). `open` gives an empty store; the caller cleans up what it opened.

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const HOUR = 3_600_000;

export function describeTokenStore(name: string, open: () => TokenStore | Promise<TokenStore>): void {
  describe(`${name} (a TokenStore)`, () => {
    it("holds nothing for an identity it was never given", async () => {
      const store = await open();
      expect(await store.get("nobody")).toBeUndefined();
    });

    it("gives back the token and its renewal time", async () => {
      const store = await open();
      await store.set("id", { token: "token-1", renewAt: T0 + HOUR }, HOUR);
      expect(await store.get("id")).toEqual({ token: "token-1", renewAt: T0 + HOUR });
    });

    it("replaces an identity's token with the next one", async () => {
      const store = await open();
      await store.set("id", { token: "token-1", renewAt: T0 + HOUR }, HOUR);
      await store.set("id", { token: "token-2", renewAt: T0 + 2 * HOUR }, 2 * HOUR);
      expect(await store.get("id")).toEqual({ token: "token-2", renewAt: T0 + 2 * HOUR });
    });

    it("keeps identities apart", async () => {
      const store = await open();
      await store.set("id-a", { token: "token-a", renewAt: T0 + HOUR }, HOUR);
      await store.set("id-b", { token: "token-b", renewAt: T0 + 2 * HOUR }, HOUR);
      expect(await store.get("id-a")).toEqual({ token: "token-a", renewAt: T0 + HOUR });
      expect(await store.get("id-b")).toEqual({ token: "token-b", renewAt: T0 + 2 * HOUR });
    });

    describe("deleteIfSame", () => {
      it("forgets the token it is given", async () => {
        const store = await open();
        await store.set("id", { token: "token-1", renewAt: T0 + HOUR }, HOUR);
        await store.deleteIfSame("id", "token-1");
        expect(await store.get("id")).toBeUndefined();
      });

      it("keeps a token that replaced the one it is given", async () => {
        const store = await open();
        await store.set("id", { token: "token-2", renewAt: T0 + HOUR }, HOUR);
        await store.deleteIfSame("id", "token-1");
        expect(await store.get("id")).toEqual({ token: "token-2", renewAt: T0 + HOUR });
      });

      it("does not mistake a token for a longer one that begins with it", async () => {
        const store = await open();
        await store.set("id", { token: "token-12", renewAt: T0 + HOUR }, HOUR);
        await store.deleteIfSame("id", "token-1");
        expect((await store.get("id"))?.token).toBe("token-12");
      });

      it("touches only its identity, even when another holds the same token", async () => {
        const store = await open();
        await store.set("id-a", { token: "same", renewAt: T0 + HOUR }, HOUR);
        await store.set("id-b", { token: "same", renewAt: T0 + HOUR }, HOUR);
        await store.deleteIfSame("id-a", "same");
        expect(await store.get("id-a")).toBeUndefined();
        expect((await store.get("id-b"))?.token).toBe("same");
      });

      it("is harmless for an identity it does not hold", async () => {
        const store = await open();
        await expect(store.deleteIfSame("nobody", "x")).resolves.toBeUndefined();
      });
    });
  });
}
