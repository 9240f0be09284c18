import { describe, expect, it, vi } from "vitest";
import { nextSlice, SliceClock } from "@/lib/work-slices";

// The slices of long work take turns with everything else on the event loop: one slice a turn,
// however many requests are slicing, so another request's next step waits for one slice at most.

/**
 * Each slicer takes `rounds` slices through its own `next`, while another request's steps run one
 * per turn (a chain of setImmediate, as a render's would be, "o" in the log); the log of both.
 */
async function slicesBesideSteps(slicers: ReadonlyArray<[name: string, next: () => Promise<void>]>, rounds: number): Promise<string[]> {
  const log: string[] = [];
  let steps = 0;
  const step = () => {
    log.push("o");
    if (++steps < slicers.length * rounds * 3) setImmediate(step);
  };
  setImmediate(step);
  await Promise.all(
    slicers.map(async ([name, next]) => {
      for (let i = 0; i < rounds; i++) {
        await next();
        log.push(`${name}${i}`);
      }
    }),
  );
  return log;
}

/** Whether two slices ran in one turn, with no step of the other request between them. */
const twoSlicesInOneTurn = (log: readonly string[]): boolean => {
  const slices = log.map((entry, at) => [entry, at] as const).filter(([entry]) => entry !== "o");
  const span = log.slice(slices[0]![1], slices.at(-1)![1] + 1).join(" ");
  return /[a-z]\d [a-z]\d/.test(span);
};

describe("nextSlice", () => {
  it("releases one waiting slice per turn of the event loop, in the order they asked", async () => {
    const log = await slicesBesideSteps([["a", nextSlice], ["b", nextSlice], ["c", nextSlice]], 3);
    expect(log.filter((entry) => entry !== "o")).toEqual(["a0", "b0", "c0", "a1", "b1", "c1", "a2", "b2", "c2"]);
    expect(twoSlicesInOneTurn(log)).toBe(false);
  });
});

describe("the line of slices", () => {
  it("is one for the process, however many copies of the module are loaded (one per route bundle in a build)", async () => {
    const first = await import("@/lib/work-slices");
    vi.resetModules();
    const second = await import("@/lib/work-slices");
    expect(second).not.toBe(first);
    const log = await slicesBesideSteps([["a", first.nextSlice], ["b", second.nextSlice]], 2);
    expect(log.filter((entry) => entry !== "o")).toEqual(["a0", "b0", "a1", "b1"]);
    expect(twoSlicesInOneTurn(log)).toBe(false);
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
