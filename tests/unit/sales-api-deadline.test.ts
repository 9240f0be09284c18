// The range fetch's deadline: it passes after its time, except that waits for the
// credential's own rate budget stop its clock (overlapping waits count once).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Deadline } from "@/lib/sales-api/deadline";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** Moves the clock `ms` on: the deadline has not passed 1 ms before, and has at `ms`. */
function expectPassesIn(deadline: Deadline, ms: number): void {
  vi.advanceTimersByTime(ms - 1);
  expect(deadline.passed).toBe(false);
  vi.advanceTimersByTime(1);
  expect(deadline.passed).toBe(true);
}

describe("Deadline", () => {
  it("passes after its time and aborts its signal with a TimeoutError", () => {
    const deadline = new Deadline(1_000);
    expectPassesIn(deadline, 1_000);
    expect((deadline.signal.reason as Error).name).toBe("TimeoutError");
  });

  it("moves by the rate-budget waits, counting parallel waits once", () => {
    const deadline = new Deadline(1_000);
    vi.advanceTimersByTime(500);
    deadline.pauseFor(2_000); // waits until 2500
    deadline.pauseFor(1_500); // within the same wait
    deadline.pauseFor(2_500); // until 3000: 500 more
    expectPassesIn(deadline, 3_000);
  });

  it("stays passed, and its timer goes with dispose()", () => {
    const deadline = new Deadline(10);
    vi.advanceTimersByTime(10);
    deadline.pauseFor(1_000);
    expect(deadline.passed).toBe(true);
    const other = new Deadline(10);
    other.dispose();
    vi.advanceTimersByTime(100);
    expect(other.passed).toBe(false);
  });
});

describe("Deadline.hold", () => {
  it("stops the clock for local work, however long, and gives back the time that was left", () => {
    const deadline = new Deadline(1_000);
    vi.advanceTimersByTime(400);
    const release = deadline.hold();
    vi.advanceTimersByTime(50_000); // reading a large range from the mirror
    expect(deadline.passed).toBe(false);
    release();
    release(); // twice is once
    expectPassesIn(deadline, 600);
  });

  it("counts overlapping holds once, and a budget wait during a hold still moves it", () => {
    const deadline = new Deadline(1_000);
    const first = deadline.hold();
    vi.advanceTimersByTime(2_000);
    const second = deadline.hold();
    first();
    vi.advanceTimersByTime(2_000);
    expect(deadline.passed).toBe(false);
    second(); // held 4000 in all: the whole 1000 is left
    deadline.pauseFor(500);
    expectPassesIn(deadline, 1_500);
  });
});
