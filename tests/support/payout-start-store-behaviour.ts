// The contract every payout month-start store keeps (lib/store/payout-start-store.ts), run on
// SQLite (tests/unit) and PostgreSQL (tests/backends).
import { afterEach, describe, expect, it } from "vitest";
import { MAX_PAYOUT_STARTS, type PayoutStartStore } from "@/lib/store/payout-start-store";

const bytes = (...values: number[]) => Uint8Array.from(values);

export function payoutStartStoreBehaviour(name: string, emptyStore: () => Promise<PayoutStartStore> | PayoutStartStore): void {
  describe(`payout month starts (${name})`, () => {
    let open: PayoutStartStore | undefined;
    const store = async () => (open = await emptyStore());
    afterEach(async () => {
      await open?.close();
      open = undefined;
    });

    it("gives back what was written, by key, in the keys' order; none where nothing is", async () => {
      const s = await store();
      expect(await s.read("acct", ["a"])).toEqual([null]);
      await s.write("acct", [{ key: "a", bytes: bytes(1, 2, 3) }, { key: "b", bytes: bytes(0, 255) }], 10);
      expect(await s.read("acct", ["b", "x", "a", "b"])).toEqual([bytes(0, 255), null, bytes(1, 2, 3), bytes(0, 255)]);
      expect(await s.read("acct", [])).toEqual([]);
      // A key kept already is kept as it is: a key names what the start was made of.
      await s.write("acct", [{ key: "a", bytes: bytes(9) }], 11);
      expect(await s.read("acct", ["a"])).toEqual([bytes(1, 2, 3)]);
    });

    it("keeps each account's starts apart, and forgets one account's alone", async () => {
      const s = await store();
      await s.write("acct", [{ key: "k", bytes: bytes(1) }], 1);
      await s.write("other", [{ key: "k", bytes: bytes(2) }], 1);
      expect(await s.read("other", ["k"])).toEqual([bytes(2)]);
      await s.deleteAccount("acct");
      expect(await s.read("acct", ["k"])).toEqual([null]);
      expect(await s.read("other", ["k"])).toEqual([bytes(2)]);
    });

    it(`keeps an account's newest ${MAX_PAYOUT_STARTS} starts`, async () => {
      const s = await store();
      const keys = Array.from({ length: MAX_PAYOUT_STARTS + 5 }, (_, i) => `k${String(i).padStart(3, "0")}`);
      for (const [i, key] of keys.entries()) await s.write("acct", [{ key, bytes: bytes(i % 256) }], 100 + i);
      await s.write("other", [{ key: "k000", bytes: bytes(7) }], 1);
      const found = await s.read("acct", keys);
      expect(found.slice(0, 5)).toEqual([null, null, null, null, null]);
      expect(found.slice(5)).toEqual(keys.slice(5).map((_, i) => bytes((i + 5) % 256)));
      expect(await s.read("other", ["k000"])).toEqual([bytes(7)]);
    });

    it("holds a start of a few MiB whole", async () => {
      const s = await store();
      const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 251);
      await s.write("acct", [{ key: "big", bytes: big }], 1);
      const [back] = await s.read("acct", ["big"]);
      expect(back?.byteLength).toBe(big.byteLength);
      expect(Buffer.from(back!).equals(Buffer.from(big))).toBe(true);
    });
  });
}
