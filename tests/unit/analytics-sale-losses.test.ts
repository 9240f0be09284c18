import { describe, expect, it } from "vitest";
import { capSaleLossCents, disputedSaleIds, disputedSalesCount, disputeTakesMoney, isChargebackAlert, isDispute, isDisputeWon, saleIdOf, saleLossCents } from "@/lib/analytics/sale-losses";

// Issue #24 point 7: one rule for what a sale lost and which chargeback records count.
describe("sale losses", () => {
  const alert = { purchaseId: 1, kind: "alert", status: "resolved" };
  const won = { purchaseId: 2, kind: "chargeback", status: "won" };
  const lost = { purchaseId: 3, kind: "chargeback", status: "lost" };
  const open = { purchaseId: 3, kind: "chargeback", status: "open" };

  it("an alert is no dispute; a won dispute is one, but gives the money back", () => {
    expect([alert, won, lost, open].map(isChargebackAlert)).toEqual([true, false, false, false]);
    expect([alert, won, lost, open].map(isDispute)).toEqual([false, true, true, true]);
    expect([alert, won, lost, open].map(isDisputeWon)).toEqual([false, true, false, false]);
    expect([alert, won, lost, open].map(disputeTakesMoney)).toEqual([false, false, true, true]);
    // A record without a kind (another upstream) is a dispute.
    expect(isDispute({ purchaseId: 4 })).toBe(true);
  });

  it("counts the sales with a dispute opened, each once; a record naming no sale counts alone", () => {
    expect(disputedSalesCount([alert, won, lost, open, { kind: "chargeback" }, { purchaseId: "" }])).toBe(4); // sales 2 and 3, two unnamed
    expect([...disputedSaleIds([alert, won, lost, open, { purchaseId: "7" }])].sort()).toEqual([2, 3, 7]);
    expect(saleIdOf({ purchaseId: "12" })).toBe(12);
    expect(saleIdOf({ purchaseId: "x" })).toBeUndefined();
  });

  it("a sale loses its refunded share, or all of it to a dispute, never more than its amount", () => {
    const sale = { amountCents: 4_000, transactionCents: 10_000 };
    expect(saleLossCents(sale, 2_500, false)).toBe(1_000);
    expect(saleLossCents(sale, 2_500, true)).toBe(4_000); // refunded and charged back: once
    expect(saleLossCents(sale, 30_000, false)).toBe(4_000);
    expect(saleLossCents(sale, 0, false)).toBe(0);
    expect(capSaleLossCents(4_000, 9_000)).toBe(4_000);
    expect(capSaleLossCents(4_000, -5)).toBe(0);
  });
});
