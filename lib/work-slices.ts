// Long work on the server's event loop cut into slices that take turns (issue #25 point 8).
// A request that opens two years of day summaries or merges them gives the loop a turn every
// few milliseconds. With setImmediate alone, every slice waiting ran in the same turn: eight heavy
// requests started together put ~8 slices of 15 ms between each step of a sign-in's render, and
// the render took 2-3 s. Here the slices queue in one line, and the loop releases one per turn:
// between two steps of any other request there is at most one slice, and when nothing else is
// waiting the slices run back to back.

/** How long a slice runs before it gives the loop a turn. */
export const SLICE_MS = 8;

interface Line {
  waiting: Array<() => void>;
  scheduled: boolean;
}

// One line for the process: a production build of Next.js loads a module once per route bundle,
// and a line per bundle would let each bundle's slices run in the same turn (process-state.ts).
const LINE = Symbol.for("salesdash.work-slices.line");
const line = ((globalThis as { [LINE]?: Line })[LINE] ??= { waiting: [], scheduled: false });

function releaseOne(): void {
  line.scheduled = false;
  const next = line.waiting.shift();
  if (line.waiting.length > 0) schedule();
  next?.();
}

function schedule(): void {
  if (line.scheduled) return;
  line.scheduled = true;
  setImmediate(releaseOne);
}

/** Resolves on a later turn of the event loop, after the slices queued before it (one per turn). */
export function nextSlice(): Promise<void> {
  return new Promise((resolve) => {
    line.waiting.push(resolve);
    schedule();
  });
}

/** A slice's clock: `tick` gives the loop a turn once the slice has run SLICE_MS (or `ms`). */
export class SliceClock {
  private since = performance.now();

  constructor(private readonly ms = SLICE_MS) {}

  async tick(): Promise<void> {
    if (performance.now() - this.since < this.ms) return;
    await nextSlice();
    this.since = performance.now();
  }
}
