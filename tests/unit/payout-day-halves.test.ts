import { describe, expect, it } from "vitest";
import { daysOf } from "@/lib/calendar";
import { halvesOf } from "@/lib/store/postgres/payout-day-texts";

// PostgreSQL's payout read of the days without a kept text: in two halves read side by side, newest first as the records' order is.
describe("halvesOf", () => {
  it("covers every day once, in order, the newer half first and bigger by at most one", () => {
    for (const [from, to] of [["2026-01-01", "2026-01-02"], ["2026-01-01", "2026-01-03"], ["2024-02-27", "2026-03-02"], ["2025-12-30", "2026-01-02"]] as const) {
      const days = daysOf(from, to).reverse();
      const halves = halvesOf(days);
      expect(halves).toHaveLength(2);
      expect(halves.flat()).toEqual(days);
      expect(halves[0]!.length - halves[1]!.length).toBeGreaterThanOrEqual(0);
      expect(halves[0]!.length - halves[1]!.length).toBeLessThanOrEqual(1);
    }
  });

  it("leaves a single day, or no day, as it is", () => {
    expect(halvesOf(["2026-01-01"])).toEqual([["2026-01-01"]]);
    expect(halvesOf([])).toEqual([[]]);
  });
});
