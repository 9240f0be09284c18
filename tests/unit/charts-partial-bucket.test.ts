// Issue #14: the bucket holding "now" is marked partial, and later buckets are not drawn.
import { describe, expect, it } from "vitest";
import { clipToNow, splitPartial } from "@/lib/charts/partial-bucket";
import { bucketRange } from "@/lib/analytics/time-buckets";

const points = (keys: string[]) => keys.map((bucket, i) => ({ bucket, amount: i + 1 }));
const NOW = Date.parse("2026-06-15T12:00:00Z");

describe("clipToNow", () => {
  it("cuts the days after today and marks today partial", () => {
    const p = points(bucketRange("2026-06-10", "2026-06-20", "day", "UTC"));
    const { points: drawn, partialIndex } = clipToNow(p, { granularity: "day", timeZone: "UTC", nowMs: NOW });
    expect(drawn.map((x) => x.bucket).at(-1)).toBe("2026-06-15");
    expect(drawn).toHaveLength(6);
    expect(partialIndex).toBe(5);
  });

  it("reads today in the report's zone", () => {
    // 02:00 UTC on the 16th is still the 15th in Sao Paulo.
    const p = points(bucketRange("2026-06-10", "2026-06-20", "day", "America/Sao_Paulo"));
    const { points: drawn } = clipToNow(p, { granularity: "day", timeZone: "America/Sao_Paulo", nowMs: Date.parse("2026-06-16T02:00:00Z") });
    expect(drawn.at(-1)!.bucket).toBe("2026-06-15");
  });

  it("cuts future hours of today", () => {
    const p = points(bucketRange("2026-06-15", "2026-06-15", "hour", "UTC"));
    const { points: drawn, partialIndex } = clipToNow(p, { granularity: "hour", timeZone: "UTC", nowMs: NOW + 30 * 60_000 });
    expect(drawn).toHaveLength(13);
    expect(drawn[partialIndex!]!.bucket).toBe("2026-06-15T12:00+00:00");
  });

  it("marks the current month of a monthly chart", () => {
    const p = points(bucketRange("2026-01-01", "2026-12-31", "month", "UTC"));
    const { points: drawn, partialIndex } = clipToNow(p, { granularity: "month", timeZone: "UTC", nowMs: NOW });
    expect(drawn.map((x) => x.bucket)).toEqual(["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"]);
    expect(partialIndex).toBe(5);
  });

  it("leaves a past range whole, with nothing partial", () => {
    const p = points(bucketRange("2025-01-01", "2025-01-31", "day", "UTC"));
    expect(clipToNow(p, { granularity: "day", timeZone: "UTC", nowMs: NOW })).toEqual({ points: p, partialIndex: null });
  });
});

describe("splitPartial", () => {
  it("draws the partial bucket apart, joined to the last complete one", () => {
    const clipped = clipToNow(points(bucketRange("2026-06-13", "2026-06-20", "day", "UTC")), { granularity: "day", timeZone: "UTC", nowMs: NOW });
    const rows = splitPartial(clipped, (p) => p.amount);
    expect(rows.map((r) => [r.value, r.partialValue, r.partial])).toEqual([[1, null, false], [2, 2, false], [null, 3, true]]);
  });

  it("has no partial segment for a past range", () => {
    const rows = splitPartial({ points: points(["2025-01-01", "2025-01-02"]), partialIndex: null }, (p) => p.amount);
    expect(rows.every((r) => r.partialValue === null && !r.partial)).toBe(true);
  });
});
