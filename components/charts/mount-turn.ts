"use client";

import { useEffect, useState } from "react";

// Charts take their turn: each one mounts in a task of its own, in page order, instead of all of
// a report's charts (four line charts of a year on Orders, a dozen bars on Abandonment) in one
// commit that held the tab for over a second. The figures above them are already on screen.
const waiting: Array<() => void> = [];
let scheduled = false;

function next(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // A macrotask, so the browser paints and handles input between two charts.
  setTimeout(next, 0);
}

/**
 * False until this component's turn has come (once true, it stays). `load`: the chart's code,
 * awaited before it queues, so that charts whose chunk arrived together still mount one by one.
 */
export function useMountTurn(load?: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const take = () => {
      if (live) setReady(true);
    };
    const queue = () => {
      if (!live) return;
      waiting.push(take);
      schedule();
    };
    if (load) void load().then(queue, queue);
    else queue();
    return () => {
      live = false;
      const at = waiting.indexOf(take);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [load]);
  return ready;
}
