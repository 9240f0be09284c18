import { describe, expect, it, vi } from "vitest";

// A production build loads a module once per route bundle, while the guarded stores live on the
// process state: the error one copy of lib/store/storage-unavailable.ts throws must be known to
// every other copy, or a storage outage is answered as a bug of ours (500, kind "internal").
describe("StorageUnavailableError across copies of its module", () => {
  it("is an instance for every copy, and errorKind says storage", async () => {
    const first = await import("@/lib/store/storage-unavailable");
    vi.resetModules();
    const second = await import("@/lib/store/storage-unavailable");
    const { errorKind } = await import("@/lib/sales-api/errors");
    expect(second.StorageUnavailableError).not.toBe(first.StorageUnavailableError);
    const thrown = new first.StorageUnavailableError("redis", new Error("Connection is closed."));
    expect(thrown).toBeInstanceOf(second.StorageUnavailableError);
    expect(errorKind(thrown)).toBe("storage");
    expect(new Error("other")).not.toBeInstanceOf(second.StorageUnavailableError);
    expect(second.StorageUnavailableError[Symbol.hasInstance](null)).toBe(false);
  });
});
