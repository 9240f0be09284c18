import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deriveShareKeys, getShareKeys } from "@/lib/sharing/share-keys";
import { openSnapshot, sealSnapshot } from "@/lib/sharing/snapshot-cipher";

// A shared snapshot at rest: sealed under a key from AUTH_SECRET, bound to its link's id.
const SECRET = "share-secret-for-tests-0123456789abcdef";
const SNAPSHOT = { report: "revenue", keyType: "creator", accountLabel: "Loja Azul", query: "preset=last_7_days", builtAt: 1_773_000_000_000, view: { kpis: [{ id: "gross", amount: 123_456 }], note: "ção ✓" } };

beforeAll(() => {
  vi.stubEnv("AUTH_SECRET", SECRET);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe("sealSnapshot / openSnapshot", () => {
  it("round-trips the snapshot under the key from AUTH_SECRET", () => {
    const sealed = sealSnapshot("link-1", SNAPSHOT);
    expect(Buffer.isBuffer(sealed)).toBe(true);
    expect(openSnapshot("link-1", sealed)).toEqual(SNAPSHOT);
    expect(getShareKeys().snapshot.equals(deriveShareKeys(SECRET).snapshot)).toBe(true);
  });

  it("shows nothing of the snapshot in the sealed bytes", () => {
    const sealed = sealSnapshot("link-1", SNAPSHOT);
    for (const plain of ["Loja Azul", "revenue", "123456", "preset"]) expect(sealed.includes(Buffer.from(plain))).toBe(false);
  });

  it("seals the same snapshot differently each time (fresh IV)", () => {
    expect(sealSnapshot("link-1", SNAPSHOT).equals(sealSnapshot("link-1", SNAPSHOT))).toBe(false);
  });

  it("does not open under another link's id (associated data)", () => {
    const sealed = sealSnapshot("link-1", SNAPSHOT);
    expect(() => openSnapshot("link-2", sealed)).toThrow();
  });

  it("does not open under another secret's key, nor altered", () => {
    const sealed = sealSnapshot("link-1", SNAPSHOT);
    expect(() => openSnapshot("link-1", sealed, deriveShareKeys("another-secret-0123456789abcdefghij").snapshot)).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => openSnapshot("link-1", altered)).toThrow();
  });

  it("uses keys of its own, not the credential vault's", () => {
    const keys = deriveShareKeys(SECRET);
    expect(keys.snapshot.equals(keys.unlock)).toBe(false);
    expect(keys.snapshot).toHaveLength(32);
  });
});
