import { describe, expect, it } from "vitest";
import { nextWindow } from "@/lib/sales-api/window-plan";

const SPAN = { from: "2026-01-01", to: "2026-06-16" };

describe("nextWindow", () => {
  it("asks for the widest window (90 days) while the density is unknown or sparse", () => {
    expect(nextWindow(SPAN, "2026-06-16", 0, 5000)).toEqual({ from: "2026-03-18", to: "2026-06-16" });
    expect(nextWindow(SPAN, "2026-06-16", 40, 5000)).toEqual({ from: "2026-03-18", to: "2026-06-16" });
  });

  it("fits whole days under the limit when that wastes less than continuing from a truncated answer", () => {
    // 1500 a day: 3 days = 4500 fit under 5000·0.95, and 4500 > 5000 − 750, so fitting wins.
    expect(nextWindow(SPAN, "2026-06-16", 1500, 5000)).toEqual({ from: "2026-06-13", to: "2026-06-16" });
  });

  it("keeps the wide window when continuing wastes less (half a day on average)", () => {
    // 1900 a day: only 2 days fit (3800), less than 5000 − 950, so it continues instead.
    expect(nextWindow(SPAN, "2026-06-16", 1900, 5000)).toEqual({ from: "2026-03-18", to: "2026-06-16" });
  });

  it("never starts before the span", () => {
    expect(nextWindow({ from: "2026-06-15", to: "2026-06-16" }, "2026-06-16", 1500, 5000)).toEqual({ from: "2026-06-15", to: "2026-06-16" });
  });

  it("keeps the widest window when not even one day is expected to fit", () => {
    expect(nextWindow(SPAN, "2026-06-16", 6000, 5000)).toEqual({ from: "2026-03-18", to: "2026-06-16" });
  });
});
