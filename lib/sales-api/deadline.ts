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

  dispose(): void {
    clearTimeout(this.timer);
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(new DOMException("The report's deadline passed", "TimeoutError")), Math.max(0, this.at - this.clock()));
    // A pending deadline must not keep a process (a CLI, a test runner) alive.
    this.timer.unref?.();
  }
}
