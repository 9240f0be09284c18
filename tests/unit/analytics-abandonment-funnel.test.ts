import { describe, expect, it } from "vitest";
import { checkoutFunnel, PURCHASED_NOT_APPLICABLE, type FunnelStep } from "@/lib/analytics/abandonment-funnel";
import { carts, purchases } from "./analytics-abandonment-fixture";

// Last step each cart reached (a later timestamp implies the earlier steps):
// c1 purchased, c2 attempt, c3 session (no loadedAt: still loaded), c4 purchased, c5 attempt,
// c6 purchased (no attempt timestamps), c7 session, c8 purchased, c9 purchased (no loadedAt).
// Purchased checkouts outside the carts: k1 k2 (OB), k3 and one without id (OU), k4 (OZ), k5 (OE).

const counts = (steps: FunnelStep[]) => steps.map((s) => s.count);

describe("checkoutFunnel", () => {
  it("counts every checkout, with drops from the previous step", () => {
    const funnel = checkoutFunnel(carts, purchases);
    expect(funnel.groupBy).toBeNull();
    expect(funnel.groups).toHaveLength(1);
    const [all] = funnel.groups;
    expect(all).toMatchObject({ key: "all", carts: 9, purchasedCheckouts: 6 });
    // carts 9, 9, 7, 5, 5 plus 6 purchased checkouts in every step
    expect(all!.steps).toEqual([
      { key: "loaded", label: "Checkout loaded", count: 15, drop: null, dropRatio: null },
      { key: "sessionStarted", label: "Session started", count: 15, drop: 0, dropRatio: 0 },
      { key: "firstAttempt", label: "First payment attempt", count: 13, drop: 2, dropRatio: 2 / 15 },
      { key: "firstApproval", label: "First approval", count: 11, drop: 2, dropRatio: 2 / 13 },
      { key: "purchased", label: "Purchased", count: 11, drop: 0, dropRatio: 0 },
    ]);
    expect(funnel.notes).toEqual([{ id: "laterStep" }, { id: "purchased" }]);
  });

  it("groups by offer, purchased checkouts by their front purchase's offer", () => {
    const funnel = checkoutFunnel(carts, purchases, "offerCode");
    expect(funnel.groups.map((g) => [g.key, g.carts, g.purchasedCheckouts, counts(g.steps)])).toEqual([
      ["OB", 4, 2, [6, 6, 4, 3, 3]], // c1 c2 c3 c7 → 4 4 2 1 1, plus k1 k2
      ["OU", 3, 2, [5, 5, 5, 4, 4]], // c4 c5 c8 → 3 3 3 2 2, plus k3 and the one without id
      ["OX", 2, 0, [2, 2, 2, 2, 2]], // c6 c9
      ["OE", 0, 1, [1, 1, 1, 1, 1]],
      ["OZ", 0, 1, [1, 1, 1, 1, 1]],
    ]);
    expect(funnel.notes).toEqual([{ id: "laterStep" }, { id: "purchased" }, { id: "byOffer" }]);
  });

  it("keeps purchased checkouts apart when grouping by a field purchases lack, and says so", () => {
    const funnel = checkoutFunnel(carts, purchases, "checkoutVersion");
    expect(funnel.groupBy).toBe("checkoutVersion");
    expect(funnel.groups.map((g) => [g.key, g.carts, g.purchasedCheckouts, counts(g.steps)])).toEqual([
      [PURCHASED_NOT_APPLICABLE, 0, 6, [6, 6, 6, 6, 6]],
      ["v3", 5, 0, [5, 5, 4, 2, 2]], // c1 c2 c3 c4 c5
      ["v4", 3, 0, [3, 3, 2, 2, 2]], // c6 c7 c8
      ["none", 1, 0, [1, 1, 1, 1, 1]], // c9
    ]);
    expect(funnel.notes).toEqual([{ id: "laterStep" }, { id: "purchased" }, { id: "noField", field: "checkoutVersion" }, { id: "none", field: "checkoutVersion" }]);

    const bySession = checkoutFunnel(carts, purchases, "sessionMode");
    expect(bySession.groups.map((g) => [g.key, g.steps[0]!.count])).toEqual([
      ["none", 7],
      [PURCHASED_NOT_APPLICABLE, 6],
      ["one_click", 1],
      ["standard", 1],
    ]);
  });

  it("gives a null drop ratio after an empty step, and one all-zero funnel for no data", () => {
    const empty = checkoutFunnel([], []);
    expect(empty.groups).toHaveLength(1);
    expect(empty.groups[0]!.steps.map((s) => [s.count, s.drop, s.dropRatio])).toEqual([
      [0, null, null],
      [0, 0, null],
      [0, 0, null],
      [0, 0, null],
      [0, 0, null],
    ]);
    expect(checkoutFunnel([], [], "offerCode").groups).toEqual([]);
  });
});
