import { describe, expect, it } from "vitest";
import { syncProgress } from "@/lib/mirror/sync-progress";
import type { MirrorDayMeta } from "@/lib/store/mirror-store";

const RESOURCES = ["purchases", "orders", "refunds"];

function held(resources: readonly string[], days: readonly string[], fetchedAt = 1): MirrorDayMeta[] {
  return resources.flatMap((resource) => days.map((day) => ({ resource, day, complete: true, fetchedAt, count: 1 })));
}

/** `n` days ending at `last`, oldest first. */
function daysUpTo(last: string, n: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

describe("syncProgress", () => {
  it("is 0 of the total when the mirror holds nothing", () => {
    expect(syncProgress([], RESOURCES, "2026-06-15", 730)).toEqual({ synced: 0, total: 730 });
  });

  it("counts every day of the window when every resource holds it", () => {
    expect(syncProgress(held(RESOURCES, daysUpTo("2026-06-15", 10)), RESOURCES, "2026-06-15", 10)).toEqual({ synced: 10, total: 10 });
  });

  it("does not count a day that one of the resources lacks", () => {
    const days = daysUpTo("2026-06-15", 5);
    const rows = [...held(["purchases", "orders"], days), ...held(["refunds"], days.filter((d) => d !== "2026-06-13"))];
    expect(syncProgress(rows, RESOURCES, "2026-06-15", 5)).toEqual({ synced: 4, total: 5 });
  });

  it("counts only days from today - (days - 1) to today: the first day in, the one before and days after today out", () => {
    const rows = held(RESOURCES, ["2026-06-05", "2026-06-06", "2026-06-15", "2026-06-16"]);
    // 10 days up to 2026-06-15 start on 2026-06-06.
    expect(syncProgress(rows, RESOURCES, "2026-06-15", 10)).toEqual({ synced: 2, total: 10 });
  });

  it("crosses month and year ends", () => {
    const rows = held(RESOURCES, daysUpTo("2026-01-02", 5));
    expect(syncProgress(rows, RESOURCES, "2026-01-02", 5)).toEqual({ synced: 5, total: 5 });
    expect(syncProgress(rows, RESOURCES, "2026-01-02", 3)).toEqual({ synced: 3, total: 3 });
  });

  it("counts a stale day (expired by 'refresh now'): it is synced, only not fresh", () => {
    expect(syncProgress(held(RESOURCES, daysUpTo("2026-06-15", 3), 0), RESOURCES, "2026-06-15", 3)).toEqual({ synced: 3, total: 3 });
  });

  it("ignores resources it was not asked about, however many of them hold the day", () => {
    const days = daysUpTo("2026-06-15", 4);
    // Orders lack every day; checkouts and chargebacks (not wanted) hold them all: still nothing synced.
    const rows = [...held(["purchases", "refunds", "checkouts", "chargebacks"], days)];
    expect(syncProgress(rows, RESOURCES, "2026-06-15", 4)).toEqual({ synced: 0, total: 4 });
    // An affiliate key reads no orders: its days are synced without them.
    expect(syncProgress(rows, ["purchases", "refunds"], "2026-06-15", 4)).toEqual({ synced: 4, total: 4 });
  });

  it("does not read the input in any order", () => {
    const rows = held(RESOURCES, daysUpTo("2026-06-15", 6)).reverse();
    expect(syncProgress(rows, [...RESOURCES].reverse(), "2026-06-15", 6)).toEqual({ synced: 6, total: 6 });
  });
});
