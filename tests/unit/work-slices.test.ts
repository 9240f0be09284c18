import { describe, expect, it, vi } from "vitest";
import { nextSlice, SliceClock } from "@/lib/work-slices";

// The slices of long work take turns with everything else on the event loop: one slice a turn,
// however many requests are slicing, so another request's next step waits for one slice at most.
describe("nextSlice", () => {
  it("releases one waiting slice per turn of the event loop, in the order they asked", async () => {
    const log: string[] = [];
    const slicer = (name: string) => (async () => {
      for (let i = 0; i < 3; i++) {
        await nextSlice();
        log.push(`${name}${i}`);
      }
    })();
    // Another request's steps, one per turn (a chain of setImmediate, as a render's would be).
    let steps = 0;
    const step = () => {
      log.push("o");
      if (++steps < 30) setImmediate(step);
    };
    setImmediate(step);
    await Promise.all([slicer("a"), slicer("b"), slicer("c")]);
    const slices = log.filter((entry) => entry !== "o");
    expect(slices).toEqual(["a0", "b0", "c0", "a1", "b1", "c1", "a2", "b2", "c2"]);
    // Never two slices in one turn: another step between each two.
    const between = log.slice(log.indexOf("a0"), log.indexOf("c2") + 1).join(" ");
    expect(between).not.toMatch(/[abc]\d [abc]\d/);
  });
});

describe("the line of slices", () => {
  it("is one for the process, however many copies of the module are loaded (one per route bundle in a build)", async () => {
    const first = await import("@/lib/work-slices");
    vi.resetModules();
    const second = await import("@/lib/work-slices");
    expect(second).not.toBe(first);
    const log: string[] = [];
    const slicer = (next: () => Promise<void>, name: string) => (async () => {
      for (let i = 0; i < 2; i++) {
        await next();
        log.push(`${name}${i}`);
      }
    })();
    let steps = 0;
    const step = () => {
      log.push("o");
      if (++steps < 20) setImmediate(step);
    };
    setImmediate(step);
    await Promise.all([slicer(first.nextSlice, "a"), slicer(second.nextSlice, "b")]);
    const between = log.slice(log.indexOf("a0"), log.indexOf("b1") + 1).join(" ");
    expect(between).not.toMatch(/[ab]\d [ab]\d/);
  });
});

describe("SliceClock", () => {
  it("gives the loop a turn only once its slice has run its time", async () => {
    let turns = 0;
    let running = true;
    const turn = () => {
      turns++;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const idle = new SliceClock(60_000);
    for (let i = 0; i < 100; i++) await idle.tick();
    expect(turns).toBe(0); // a slice under its time gives no turn
    const eager = new SliceClock(0);
    for (let i = 0; i < 5; i++) await eager.tick();
    running = false;
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
