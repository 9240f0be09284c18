import { describe, expect, it, vi } from "vitest";

// The digests opened for one request are found by another's, whichever copy of the module each
// route bundle loaded (a production build loads a module once per route bundle).
describe("sharedDigest", () => {
  it("shares a digest between copies of the module, and opens another sealing anew", async () => {
    const first = await import("@/lib/mirror/opened-digests");
    vi.resetModules();
    const second = await import("@/lib/mirror/opened-digests");
    expect(second).not.toBe(first);
    const sealed = Uint8Array.from({ length: 64 }, (_, i) => i);
    let opens = 0;
    const open = () => (opens++, { digest: { purchases: 3 }, invalid: [], oddShapes: 0 });
    const a = first.sharedDigest("tag\nacct|purchases|2026-06-13|digest:v1", sealed, open);
    const b = second.sharedDigest("tag\nacct|purchases|2026-06-13|digest:v1", sealed, open);
    expect(b.digest).toBe(a.digest);
    expect(opens).toBe(1);
    const resealed = Uint8Array.from({ length: 64 }, (_, i) => 255 - i);
    expect(second.sharedDigest("tag\nacct|purchases|2026-06-13|digest:v1", resealed, open).digest).not.toBe(a.digest);
    expect(second.sharedDigest("other\nacct|purchases|2026-06-13|digest:v1", sealed, open).digest).not.toBe(a.digest);
    expect(opens).toBe(3);
  });
});
