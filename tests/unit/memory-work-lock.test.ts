import { describe, expect, it } from "vitest";
import { MemoryWorkLock } from "@/lib/store/memory-work-lock";

describe("MemoryWorkLock", () => {
  it("lets one holder in, and wakes a waiter when the holder releases", async () => {
    const lock = new MemoryWorkLock();
    const token = await lock.tryAcquire("w", 60_000);
    expect(token).toEqual(expect.any(String));
    expect(await lock.tryAcquire("w", 60_000)).toBeNull();
    const waiting = lock.waitUntilReleased("w", { timeoutMs: 60_000 });
    await lock.release("w", "not the token");
    expect(await lock.tryAcquire("w", 60_000)).toBeNull();
    await lock.release("w", token!);
    expect(await waiting).toBe(true);
    expect(lock.joined).toBe(1);
  });

  it("answers false when the holder keeps it past the wait, and true once it expires", async () => {
    const lock = new MemoryWorkLock();
    await lock.tryAcquire("w", 200);
    expect(await lock.waitUntilReleased("w", { timeoutMs: 10 })).toBe(false);
    expect(await lock.waitUntilReleased("w", { timeoutMs: 60_000 })).toBe(true);
    expect(await lock.tryAcquire("w", 200)).toEqual(expect.any(String));
  });

  it("stops waiting with the signal's reason", async () => {
    const lock = new MemoryWorkLock();
    await lock.tryAcquire("w", 60_000);
    const controller = new AbortController();
    const waiting = lock.waitUntilReleased("w", { timeoutMs: 60_000, signal: controller.signal });
    controller.abort(new Error("report cancelled"));
    await expect(waiting).rejects.toThrow("report cancelled");
  });
});
