// The total deadline of one report (shared by its fetches) or of one range fetch. It bounds what the upstream costs us (answers that
// do not come, retries, backoff) but not the time a request queues for the credential's own
// rate budget: that wait is known in advance, shown as progress, and a large range at 60
// requests a minute legitimately takes longer than any fixed deadline.
export class Deadline {
  private readonly controller = new AbortController();
  private at: number;
  /** End of the latest budget wait seen: overlapping waits of parallel requests count once. */
  private waitingUntil = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Local work in progress (reading the mirror): the clock stops while any runs. */
  private holds = 0;
  private heldSince = 0;

  constructor(ms: number, private readonly clock: () => number = Date.now) {
    this.at = clock() + ms;
    this.arm();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get passed(): boolean {
    return this.controller.signal.aborted;
  }

  /** A request waits `waitMs` for the rate budget: the deadline moves by the part not already covered. */
  pauseFor(waitMs: number): void {
    if (this.passed || !(waitMs > 0)) return;
    const now = this.clock();
    const end = now + waitMs;
    if (end <= this.waitingUntil) return;
    this.at += end - Math.max(now, this.waitingUntil);
    this.waitingUntil = end;
    this.arm();
  }

  /**
   * Stops the clock for local work (days read from the account's mirror) until the returned
   * function is called: the deadline bounds the upstream, and a large range read from the
   * mirror once used it up before the days it lacked were asked for.
   */
  hold(): () => void {
    if (this.passed) return () => undefined;
    if (this.holds++ === 0) {
      this.heldSince = this.clock();
      clearTimeout(this.timer);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds > 0 || this.passed) return;
      this.at += this.clock() - this.heldSince;
      this.arm();
    };
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private arm(): void {
    clearTimeout(this.timer);
    if (this.holds > 0) return;
    this.timer = setTimeout(() => this.controller.abort(new DOMException("The report's deadline passed", "TimeoutError")), Math.max(0, this.at - this.clock()));
    // A pending deadline must not keep a process (a CLI, a test runner) alive.
    this.timer.unref?.();
  }
}
