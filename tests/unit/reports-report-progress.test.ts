import { describe, expect, it } from "vitest";
import { ReportProgress } from "@/lib/reports/report-progress";
import type { RangeProgress } from "@/lib/sales-api";

describe("ReportProgress", () => {
  it("sums the windows of fetches running side by side and shows the longest wait", () => {
    const seen: RangeProgress[] = [];
    const progress = new ReportProgress((p) => seen.push(p));
    const shown = progress.channel();
    const comparison = progress.channel();
    shown({ windowsDone: 1, windowsTotal: 9, waitingMs: 0 });
    comparison({ windowsDone: 0, windowsTotal: 9, waitingMs: 4_000 });
    shown({ windowsDone: 5, windowsTotal: 9, waitingMs: 1_000 });
    comparison({ windowsDone: 9, windowsTotal: 9, waitingMs: 0 });
    expect(seen).toEqual([
      { windowsDone: 1, windowsTotal: 9, waitingMs: 0 },
      { windowsDone: 1, windowsTotal: 18, waitingMs: 4_000 },
      { windowsDone: 5, windowsTotal: 18, waitingMs: 4_000 },
      { windowsDone: 14, windowsTotal: 18, waitingMs: 1_000 },
    ]);
  });

  it("counts nothing for a fetch that has not reported yet", () => {
    const progress = new ReportProgress(() => undefined);
    progress.channel();
    expect(progress.total()).toEqual({ windowsDone: 0, windowsTotal: 0, waitingMs: 0 });
  });
});
