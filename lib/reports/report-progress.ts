// The progress of one report: the sum of its fetches, which run side by side (both periods,
// refunds and chargebacks), so the bar counts every window of the report once and the wait
// shown is the longest any fetch is held by the rate limit.
import type { RangeProgress } from "@/lib/sales-api";

export type { RangeProgress } from "@/lib/sales-api";

export class ReportProgress {
  private readonly fetches: RangeProgress[] = [];

  constructor(private readonly emit: (progress: RangeProgress) => void) {}

  /** The progress callback of one more fetch of the report. */
  channel(): (progress: RangeProgress) => void {
    const index = this.fetches.push({ windowsDone: 0, windowsTotal: 0, waitingMs: 0 }) - 1;
    return (progress) => {
      this.fetches[index] = progress;
      this.emit(this.total());
    };
  }

  total(): RangeProgress {
    let windowsDone = 0;
    let windowsTotal = 0;
    let waitingMs = 0;
    for (const p of this.fetches) {
      windowsDone += p.windowsDone;
      windowsTotal += p.windowsTotal;
      waitingMs = Math.max(waitingMs, p.waitingMs);
    }
    return { windowsDone, windowsTotal, waitingMs };
  }
}
