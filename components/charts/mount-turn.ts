"use client";

import { startTransition, useEffect, useRef, useState } from "react";
import { TurnQueue } from "@/lib/charts/turn-queue";

// Charts take their turn: each one mounts in a task of its own, in page order, instead of all of
// a report's charts (four line charts of a year on Orders, a dozen bars on Abandonment) in one
// commit that held the tab for over a second. The figures above them are already on screen.
// The next turn starts once this one's commit is done (lib/charts/turn-queue.ts), and the render
// of a turn is a transition: React renders it in slices of a few milliseconds, with input and
// paint in between, and commits it whole.
const turns = new TurnQueue();

/**
 * False until this component's turn has come (once true, it stays). `load`: the chart's code,
 * awaited before it queues, so that charts whose chunk arrived together still mount one by one.
 */
export function useMountTurn(load?: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(false);
  const readyRef = useRef(false);
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    let live = true;
    let leave: (() => void) | null = null;
    const queue = () => {
      if (!live) return;
      leave = turns.ask({
        start(done) {
          if (!live || readyRef.current) return done();
          release.current = done;
          readyRef.current = true;
          startTransition(() => setReady(true));
        },
      });
    };
    if (load) void load().then(queue, queue);
    else queue();
    return () => {
      live = false;
      leave?.();
      release.current = null;
    };
  }, [load]);
  // Committed: the next turn once two frames have passed. A chart measures its box after the
  // commit (recharts' ResizeObserver) and draws again at that size; the observers of every chart
  // mounted within one frame report together, and React drew all those charts in one task.
  useEffect(() => {
    if (!ready || !release.current) return;
    const done = release.current;
    release.current = null;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = 0;
        done();
      });
    });
    return () => {
      if (frame) {
        cancelAnimationFrame(frame);
        done();
      }
    };
  }, [ready]);
  return ready;
}
