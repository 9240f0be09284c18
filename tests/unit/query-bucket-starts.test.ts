import { describe, expect, it } from "vitest";
import { bucketKey } from "@/lib/analytics/time-buckets";
import { bucketBounds } from "@/lib/query/bucket-starts";

// The instants local buckets begin at: each bucket's first instant is in it and the instant
// before is in the one before, by the zone database's own reading (TZDate), DST included and
// for an offset off the quarter hour (Sao Paulo's local mean time until 1914).
function check(from: string, to: string, granularity: "hour" | "day" | "week" | "month", zone: string) {
  const { keys, starts, startMs, endMs } = bucketBounds(from, to, granularity, zone);
  expect(starts).toHaveLength(keys.length);
  expect(starts[0]).toBe(startMs);
  for (let i = 0; i < keys.length; i++) {
    const end = starts[i + 1] ?? endMs;
    expect(end).toBeGreaterThan(starts[i]!);
    expect(bucketKey(starts[i]!, granularity, zone)).toBe(keys[i]);
    expect(bucketKey(end - 1, granularity, zone)).toBe(keys[i]);
  }
  return { keys, starts };
}

describe("bucketBounds", () => {
  it("a spring-forward day has 23 hours and a fall-back day 25, each an hour of instants", () => {
    const spring = check("2026-03-08", "2026-03-08", "hour", "America/New_York");
    expect(spring.keys).toHaveLength(23);
    const fall = check("2026-11-01", "2026-11-01", "hour", "America/New_York");
    expect(fall.keys).toHaveLength(25);
    expect(fall.starts[2]! - fall.starts[1]!).toBe(3_600_000);
  });

  it("days, weeks and months across clock changes, in zones off the whole hour", () => {
    check("2026-03-01", "2026-04-30", "day", "Australia/Lord_Howe");
    check("2026-03-01", "2026-11-30", "week", "America/St_Johns");
    check("2026-01-01", "2026-12-31", "month", "Pacific/Chatham");
    check("2026-03-20", "2026-04-10", "day", "Asia/Kathmandu");
  });

  it("finds a change of offset inside a 15-minute slot to the millisecond", () => {
    // 1914-01-01: Sao Paulo left its local mean time (-03:06:28) for -03:00.
    const { starts } = check("1913-12-31", "1914-01-01", "hour", "America/Sao_Paulo");
    expect(starts.some((s) => s % (15 * 60_000) !== 0)).toBe(true);
  });
});
