import { describe, expect, it } from "vitest";
import { registerInFlight, untilAborted } from "@/lib/sales-api/shared-work";
import { errorKind } from "@/lib/sales-api/errors";

describe("untilAborted", () => {
  it("stops one caller's wait on its own abort, while the shared work goes on for the others", async () => {
    let finish!: (value: string) => void;
    const shared = new Promise<string>((resolve) => (finish = resolve));
    const leaving = new AbortController();
    const first = untilAborted(shared, leaving.signal);
    const second = untilAborted(shared, new AbortController().signal);
    leaving.abort(new DOMException("the page closed", "AbortError"));
    await expect(first).rejects.toMatchObject({ name: "AbortError" });
    finish("token");
    await expect(second).resolves.toBe("token");
    await expect(untilAborted(shared)).resolves.toBe("token");
  });

  it("rejects at once for a signal already aborted, and passes the work's own failure on", async () => {
    const gone = AbortSignal.abort(new DOMException("gone", "AbortError"));
    await expect(untilAborted(Promise.resolve(1), gone)).rejects.toMatchObject({ name: "AbortError" });
    await expect(untilAborted(Promise.reject(new Error("boom")), new AbortController().signal)).rejects.toThrow("boom");
  });
});

describe("errorKind of a deadline's abort", () => {
  it("is a timeout (the upstream was too slow), not a bug of ours", () => {
    expect(errorKind(new DOMException("The report's deadline passed", "TimeoutError"))).toBe("timeout");
    expect(errorKind(new DOMException("closed", "AbortError"))).toBe("cancelled");
  });
});

describe("registerInFlight", () => {
  it("keeps work joinable until it settles, and an earlier one settling never removes a later one", async () => {
    const inFlight = new Map<string, Promise<unknown>>();
    let finishFirst!: () => void;
    const first = registerInFlight(inFlight, "k", new Promise<void>((resolve) => (finishFirst = resolve)));
    expect(inFlight.get("k")).toBe(first);
    const second = registerInFlight(inFlight, "k", new Promise<void>(() => {}));
    finishFirst();
    await first;
    expect(inFlight.get("k")).toBe(second);
    const third = registerInFlight(inFlight, "j", Promise.reject(new Error("boom")));
    await expect(third).rejects.toThrow("boom");
    expect(inFlight.has("j")).toBe(false);
  });
});
