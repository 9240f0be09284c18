import { describe, expect, it } from "vitest";
import { refundKpis, unmatchedRecords, type RefundPurchase } from "@/lib/analytics/refund-kpis";

const p = (purchaseId: number, currency: string, amountTransaction: number, amountRefunded = 0, amountAffiliation = 0): RefundPurchase => ({ purchaseId, currency, amountTransaction, amountRefunded, amountAffiliation });
const sales = [p(1, "brl", 100, 100, 40), p(2, "brl", 50, 20, 10), p(3, "brl", 30), p(4, "usd", 10.1, 0, 4)];

describe("refundKpis", () => {
  it("dated by sale: refunds from the purchases, chargebacks of those purchases only, per currency", () => {
    const [brl, usd] = refundKpis(sales, null, [{ purchaseId: 3, currency: "brl", amount: 30 }, { purchaseId: 99, currency: "brl", amount: 5 }, { purchaseId: 4, currency: "usd", amount: 10.1 }], "sale");
    expect(brl).toMatchObject({ currency: "brl", purchases: 3, salesAmount: 180, refunds: 2, fullRefunds: 1, partialRefunds: 1, refundedAmount: 120, chargebacks: 1, chargebackAmount: 30 });
    expect(brl!.refundRateCount).toBeCloseTo(2 / 3);
    expect(brl!.refundRateValue).toBeCloseTo(120 / 180);
    expect(brl!.chargebackRate).toBeCloseTo(1 / 3);
    expect(brl!.commissionLost).toBe(40 + 4); // all of 40, and 20/50 of 10
    expect(usd).toMatchObject({ purchases: 1, refunds: 0, chargebacks: 1, commissionLost: 4 });
  });

  it("dated by event: the refund and chargeback records of the period, whatever the sale date", () => {
    const refunds = [{ purchaseId: 1, currency: "brl", amount: 100, refundType: "full" }, { purchaseId: 77, currency: "brl", amount: 9.99, refundType: "partial" }];
    const [brl] = refundKpis(sales, refunds, [{ purchaseId: 99, currency: "brl", amount: 5 }], "event");
    expect(brl).toMatchObject({ refunds: 2, fullRefunds: 1, partialRefunds: 1, refundedAmount: 109.99, chargebacks: 1, chargebackAmount: 5 });
  });

  // Issue #10 point 13: a sale both refunded and charged back showed its commission plus the
  // refunded share of it; the affiliate can lose at most the commission once.
  it("caps a sale's commission lost by its commission when it was both refunded and charged back", () => {
    const both = [p(1, "brl", 100, 50, 40), p(2, "brl", 80, 80, 20), p(3, "brl", 60, 0, 9)];
    const chargebacks = [{ purchaseId: 1, currency: "brl", amount: 100 }, { purchaseId: 2, currency: "brl", amount: 80 }];
    const [bySale] = refundKpis(both, null, chargebacks, "sale");
    expect(bySale!.commissionLost).toBe(40 + 20); // not 40 + 20 (charged back) + 20 + 20 (refunded)
    const refunds = [{ purchaseId: 1, currency: "brl", amount: 30 }, { purchaseId: 1, currency: "brl", amount: 20 }, { purchaseId: 3, currency: "brl", amount: 30 }];
    const [byEvent] = refundKpis(both, refunds, chargebacks, "event");
    expect(byEvent!.commissionLost).toBe(40 + 20 + 4.5); // sale 1 capped; sale 3 loses half of 9
  });

  it("works without refund or chargeback records (the endpoints answered 404)", () => {
    const [brl] = refundKpis(sales, null, null, "sale");
    expect(brl).toMatchObject({ refunds: 2, chargebacks: 0, chargebackRate: 0 });
  });
});

// Issue #24 point 3: a refund requested in the period of a sale made long before it.
describe("refundKpis dated by request, sales outside the period", () => {
  const period = [p(10, "eur", 50, 0, 5)];
  const old = p(900, "eur", 200, 200, 70); // a sale 100 days old, refunded in full now
  const refunds = [{ purchaseId: 900, currency: "eur", amount: 200 }]; // no refundType: told by the sale's amount

  it("finds the sale among the known sales: a full refund, and its commission lost", () => {
    const [eur] = refundKpis(period, refunds, [], "event", "unknown", [old]);
    expect(eur).toMatchObject({ purchases: 1, refunds: 1, fullRefunds: 1, partialRefunds: 0, refundedAmount: 200, commissionLost: 70 });
    expect(unmatchedRecords(period, refunds, [], [old])).toBe(0);
  });

  it("without it, the refund is counted but told partial and nothing is taken back: the page says how many", () => {
    const [eur] = refundKpis(period, refunds, [], "event");
    expect(eur).toMatchObject({ refunds: 1, fullRefunds: 0, partialRefunds: 1, commissionLost: 0 });
    expect(unmatchedRecords(period, refunds, [], [])).toBe(1);
  });
});

// Issue #24 point 7: chargebacks are sales with a dispute opened; alerts move no money; won disputes give it back.
describe("refundKpis chargebacks", () => {
  const sales = [p(1, "brl", 100, 0, 40), p(2, "brl", 80, 80, 20), p(3, "brl", 60, 0, 9), p(4, "brl", 10, 0, 1)];
  const records = [
    { purchaseId: 1, currency: "brl", amount: 100, kind: "alert", status: "resolved" },
    { purchaseId: 2, currency: "brl", amount: 80, kind: "chargeback", status: "lost" },
    { purchaseId: 2, currency: "brl", amount: 80, kind: "chargeback", status: "lost" },
    { purchaseId: 3, currency: "brl", amount: 60, kind: "chargeback", status: "won" },
  ];
  for (const dating of ["sale", "event"] as const) {
    it(`dated by ${dating}: counts disputed sales once, alerts not at all, and only money not won back`, () => {
      const refunds = dating === "event" ? [{ purchaseId: 2, currency: "brl", amount: 80, refundType: "full" }] : null;
      const [brl] = refundKpis(sales, refunds, records, dating);
      expect(brl).toMatchObject({ chargebacks: 2, chargebackAmount: 80, commissionLost: 20 });
      expect(brl!.chargebackRate).toBeCloseTo(2 / 4);
    });
  }
});
