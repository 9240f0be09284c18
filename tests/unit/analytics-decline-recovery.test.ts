import { describe, expect, it } from "vitest";
import { declineMatrix } from "@/lib/analytics/abandonment-declines";
import { declineRecovery, recoveredShare } from "@/lib/analytics/decline-recovery";
import { carts } from "./analytics-abandonment-fixture";

// Declined carts of the fixture (psp, last code, recovered): c1 pagarme insufficient_funds yes,
// c2 pagarme insufficient_funds no, c7 pagarme invalid_cvv yes, c4 stripe do_not_honor yes,
// c5 stripe weird_code no, c8 adyen insufficient_funds yes. c6 and c9 are recovered without a
// decline code: in no cell.
describe("declineRecovery", () => {
  it("counts recovered carts on the matrix's rows and columns, a cell with none at 0", () => {
    const m = declineMatrix(carts);
    expect(m.psps).toEqual(["pagarme", "stripe", "adyen"]);
    expect(m.codes).toEqual(["insufficient_funds", "do_not_honor", "invalid_cvv", "weird_code"]);
    const r = declineRecovery(carts, m);
    expect(r.recovered).toEqual([
      [1, 0, 1, 0],
      [0, 1, 0, 0],
      [1, 0, 0, 0],
    ]);
    expect(r.pspRecovered).toEqual([2, 1, 1]);
    expect(r.codeRecovered).toEqual([2, 1, 1, 0]);
    expect(r.total).toBe(4);
    // stripe × weird_code: 1 cart, none recovered.
    expect(m.counts[1]![3]).toBe(1);
    expect(recoveredShare(r.recovered[1]![3]!, m.counts[1]![3]!)).toBe(0);
    expect(recoveredShare(r.recovered[0]![0]!, m.counts[0]![0]!)).toBe(0.5);
  });

  it("puts a recovered cart without a PSP under none, as the matrix does", () => {
    const more = [
      ...carts,
      { ...carts[0]!, checkoutId: "c10", psp: null, lastDeclineCode: "expired_card", isRecovered: true },
      { ...carts[0]!, checkoutId: "c11", psp: "", lastDeclineCode: "expired_card", isRecovered: false },
    ];
    const m = declineMatrix(more);
    const none = m.psps.indexOf("none");
    const expired = m.codes.indexOf("expired_card");
    expect(m.counts[none]![expired]).toBe(2);
    const r = declineRecovery(more, m);
    expect(r.recovered[none]![expired]).toBe(1);
    expect(r.pspRecovered[none]).toBe(1);
    expect(r.total).toBe(5);
    expect(r.recovered.flat().reduce((a, b) => a + b, 0)).toBe(r.total);
  });

  it("has no share for an empty cell, and nothing for no carts", () => {
    expect(recoveredShare(0, 0)).toBeNull();
    expect(declineRecovery([], declineMatrix([]))).toEqual({ recovered: [], pspRecovered: [], codeRecovered: [], total: 0 });
  });
});
