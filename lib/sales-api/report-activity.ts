// Which credentials have a report fetching right now. A background sync waits before each of
// its upstream windows until none does: a person waiting for a report goes first, and the
// sync takes the budget the reports leave.
export class ReportActivity {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  async during<T>(identity: string, work: () => Promise<T>): Promise<T> {
    this.running.set(identity, (this.running.get(identity) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (this.running.get(identity) ?? 1) - 1;
      if (left > 0) this.running.set(identity, left);
      else {
        this.running.delete(identity);
        const wake = this.waiting.get(identity) ?? [];
        this.waiting.delete(identity);
        for (const resolve of wake) resolve();
      }
    }
  }

  busy(identity: string): boolean {
    return (this.running.get(identity) ?? 0) > 0;
  }

  /** Resolves once no report of `identity` is fetching (at once when none is). */
  idle(identity: string, signal?: AbortSignal): Promise<void> {
    if (!this.busy(identity)) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(signal?.reason);
      signal?.addEventListener("abort", onAbort, { once: true });
      const list = this.waiting.get(identity) ?? [];
      list.push(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      });
      this.waiting.set(identity, list);
    });
  }
}
