// One turn at a time, in the order asked: a chart (or a chart's values table) mounts in its
// turn, and the next turn starts only when the previous one is done (its commit on screen), in
// a macrotask of its own. Handing out the next turn on a timer alone let two charts' renders
// fall into the same task under load (docs/benchmarks.md, "Long tasks").
export interface Turn {
  /** Called when this turn comes; the holder calls `done` once its work is on screen. */
  start(done: () => void): void;
}

export interface Timers {
  later(fn: () => void, ms: number): unknown;
  cancel(timer: unknown): void;
}

export class TurnQueue {
  private readonly waiting: Turn[] = [];
  private holder: Turn | null = null;
  private timer: unknown = null;

  /**
   * @param timers runs a function in a later macrotask, and cancels it (setTimeout and clearTimeout by default)
   * @param maxHoldMs a turn not done by then is taken back (a holder that never finishes does not stop the others)
   */
  constructor(
    private readonly timers: Timers = { later: (fn, ms) => setTimeout(fn, ms), cancel: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) },
    private readonly maxHoldMs = 2_000,
  ) {}

  /** Queues a turn; returns a function that leaves the queue (or gives the turn back when holding it). */
  ask(turn: Turn): () => void {
    this.waiting.push(turn);
    this.pump();
    return () => {
      const at = this.waiting.indexOf(turn);
      if (at >= 0) this.waiting.splice(at, 1);
      if (this.holder === turn) this.finish(turn);
    };
  }

  /** How many turns wait (not counting the one held). */
  get length(): number {
    return this.waiting.length;
  }

  private pump(): void {
    if (this.holder || this.timer) return;
    this.timer = this.timers.later(() => {
      this.timer = null;
      const turn = this.waiting.shift();
      if (!turn) return;
      this.holder = turn;
      const guard = this.timers.later(() => this.finish(turn), this.maxHoldMs);
      turn.start(() => {
        this.timers.cancel(guard);
        this.finish(turn);
      });
    }, 0);
  }

  private finish(turn: Turn): void {
    if (this.holder !== turn) return;
    this.holder = null;
    this.pump();
  }
}
