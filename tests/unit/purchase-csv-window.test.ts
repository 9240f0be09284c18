import { describe, expect, it } from "vitest";
import { csvWindowStart } from "@/lib/query/purchase-csv-query";

// A batch of the purchases CSV reads a window of days (purchase-csv-query.ts): from the cursor's
// day back until the days' stored rows hold the batch, or to the range's start.
describe("csvWindowStart", () => {
  const dayRows: Array<[string, number]> = [
    ["2026-05-10", 3],
    ["2026-05-08", 4],
    ["2026-05-07", 0],
    ["2026-05-05", 6],
    ["2026-05-01", 2],
  ];

  it("goes back from the cursor's day until the stored rows hold the batch", () => {
    expect(csvWindowStart(dayRows, "2026-05-10", 3)).toBe("2026-05-10");
    expect(csvWindowStart(dayRows, "2026-05-10", 4)).toBe("2026-05-08");
    expect(csvWindowStart(dayRows, "2026-05-10", 8)).toBe("2026-05-05");
    expect(csvWindowStart(dayRows, "2026-05-08", 5)).toBe("2026-05-05");
  });

  it("starts at the newest stored day not after the cursor's", () => {
    expect(csvWindowStart(dayRows, "2026-05-09", 4)).toBe("2026-05-08");
    expect(csvWindowStart(dayRows, "2026-05-06", 1)).toBe("2026-05-05");
  });

  it("is open (to the range's start) when the days left hold fewer rows than the batch", () => {
    expect(csvWindowStart(dayRows, "2026-05-10", 16)).toBeUndefined();
    expect(csvWindowStart(dayRows, "2026-05-04", 3)).toBeUndefined();
    expect(csvWindowStart([], "2026-05-10", 1)).toBeUndefined();
  });
});
