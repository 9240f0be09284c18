// The sales a refund or dispute names, looked up on the days their checkout may have begun: the
// day the sale was made and the four before (a recovered cart is bought up to three days after it
// was abandoned), within the mirror's two years; records without a date, of a sale the period
// holds, or older than two years are not looked up.
import { expect, it } from "vitest";
import { CHECKOUT_LOOKBACK_DAYS, dayRuns, referencedDays } from "@/lib/reports/server/referenced-sales";

const at = (iso: string) => Date.parse(iso);

it("looks a sale up on its day and the four before, merging neighbours into runs", () => {
  expect(CHECKOUT_LOOKBACK_DAYS).toBe(4);
  const { wanted, runs } = referencedDays(
    [
      { saleId: 1, saleAt: at("2026-05-13T18:40:15Z"), dispute: true },
      { saleId: 2, saleAt: at("2026-05-14T01:00:00Z"), dispute: true },
      { saleId: 3, saleAt: at("2026-04-01T12:00:00Z"), dispute: true },
    ],
    () => false,
    "2026-06-15",
  );
  expect([...wanted].sort()).toEqual([1, 2, 3]);
  // A sale made on 05-13 whose checkout began on 05-11 (a recovered cart) is on a day looked at.
  expect(runs).toEqual([{ from: "2026-03-28", to: "2026-04-01" }, { from: "2026-05-09", to: "2026-05-14" }]);
});

it("leaves out what it cannot or need not look up, and stops at the mirror's two years", () => {
  const { wanted, runs } = referencedDays(
    [
      { saleId: null, saleAt: at("2026-05-13T00:00:00Z"), dispute: true },
      { saleId: 5, saleAt: null, dispute: true },
      { saleId: 6, saleAt: at("2026-05-13T00:00:00Z"), dispute: true },
      { saleId: 7, saleAt: at("2024-06-16T00:00:00Z"), dispute: true },
    ],
    (id) => id === 6,
    "2026-06-15",
  );
  expect([...wanted]).toEqual([7]);
  expect(runs).toEqual([{ from: "2024-06-15", to: "2024-06-16" }]);
});

it("writes consecutive days as one run", () => {
  expect(dayRuns(["2026-01-03", "2026-01-01", "2026-01-02", "2026-01-05"])).toEqual([{ from: "2026-01-01", to: "2026-01-03" }, { from: "2026-01-05", to: "2026-01-05" }]);
});
