import { describe, expect, it } from "vitest";
import { TurnQueue } from "@/lib/charts/turn-queue";

// A hand-driven clock: `later` only queues, `run` fires what is due, one macrotask at a time.
function manualClock() {
  let now = 0;
  const tasks: Array<{ at: number; fn: () => void; id: number; cleared: boolean }> = [];
  let id = 0;
  const later = (fn: () => void, ms: number) => {
    const task = { at: now + ms, fn, id: ++id, cleared: false };
    tasks.push(task);
    return task;
  };
  const cancel = (task: unknown) => {
    (task as { cleared: boolean }).cleared = true;
  };
  /** Fires the next due task (one macrotask); false when none is due. */
  const step = (advanceTo = now) => {
    now = advanceTo;
    tasks.sort((a, b) => a.at - b.at || a.id - b.id);
    const due = tasks.findIndex((t) => !t.cleared && t.at <= now);
    if (due < 0) return false;
    const [task] = tasks.splice(due, 1);
    task!.fn();
    return true;
  };
  return { timers: { later, cancel }, step };
}

describe("TurnQueue", () => {
  it("starts the next turn only after the previous one is done, each in a task of its own", () => {
    const clock = manualClock();
    const queue = new TurnQueue(clock.timers);
    const started: string[] = [];
    const done: Record<string, () => void> = {};
    for (const name of ["a", "b", "c"]) queue.ask({ start: (d) => { started.push(name); done[name] = d; } });
    expect(started).toEqual([]); // not in the task that asked
    clock.step();
    expect(started).toEqual(["a"]);
    // Other tasks run while "a" renders: "b" does not start before "a" is done.
    expect(clock.step()).toBe(false);
    expect(started).toEqual(["a"]);
    done.a!();
    expect(started).toEqual(["a"]); // the next one in a later task, not inside a's
    clock.step();
    expect(started).toEqual(["a", "b"]);
    done.b!();
    clock.step();
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("a turn left before it comes is skipped; a held turn given back lets the next start", () => {
    const clock = manualClock();
    const queue = new TurnQueue(clock.timers);
    const started: string[] = [];
    const leaveA = queue.ask({ start: () => started.push("a") });
    const leaveB = queue.ask({ start: () => started.push("b") });
    queue.ask({ start: () => started.push("c") });
    clock.step();
    expect(started).toEqual(["a"]);
    leaveB(); // unmounted while waiting
    leaveA(); // unmounted while holding the turn
    clock.step();
    expect(started).toEqual(["a", "c"]);
  });

  it("takes back a turn that is never done, after maxHoldMs", () => {
    const clock = manualClock();
    const queue = new TurnQueue(clock.timers, 2_000);
    const started: string[] = [];
    queue.ask({ start: () => started.push("a") });
    queue.ask({ start: () => started.push("b") });
    clock.step();
    expect(clock.step(1_999)).toBe(false);
    clock.step(2_000); // the guard
    clock.step(2_000);
    expect(started).toEqual(["a", "b"]);
  });
});
