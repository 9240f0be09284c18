import { describe, expect, it } from "vitest";
import { daysOf } from "@/lib/calendar";
import { halvesOf } from "@/lib/store/async-purchase-fact-store";

// PostgreSQL's payout read: the days in two halves read side by side, newest first as the records' order is.
describe("halvesOf", () => {
  it("covers every day once, the newer half first, each half a run of days", () => {
    for (const [from, to] of [["2026-01-01", "2026-01-02"], ["2026-01-01", "2026-01-03"], ["2024-02-27", "2026-03-02"], ["2025-12-30", "2026-01-02"]] as const) {
      const halves = halvesOf({ from, to });
      expect(halves).toHaveLength(2);
      expect(halves.flatMap((h) => daysOf(h.from, h.to).reverse())).toEqual(daysOf(from, to).reverse());
      expect(Math.abs(daysOf(halves[0]!.from, halves[0]!.to).length - daysOf(halves[1]!.from, halves[1]!.to).length)).toBeLessThanOrEqual(1);
    }
  });

  it("leaves a single day, or no day, as it is", () => {
    expect(halvesOf({ from: "2026-01-01", to: "2026-01-01" })).toEqual([{ from: "2026-01-01", to: "2026-01-01" }]);
    expect(halvesOf({ from: "2026-01-02", to: "2026-01-01" })).toEqual([{ from: "2026-01-02", to: "2026-01-01" }]);
  });
});
