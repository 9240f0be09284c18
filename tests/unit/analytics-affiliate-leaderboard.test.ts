import { describe, expect, it } from "vitest";
import { affiliateLeaderboard, MIN_SAMPLE, type LeaderboardPurchase } from "@/lib/analytics/affiliate-leaderboard";
import { attachRates } from "@/lib/analytics/attach-rates";

let id = 0;
const sale = (over: Partial<LeaderboardPurchase>): LeaderboardPurchase => ({
  purchaseId: ++id, orderId: id, purchaseType: "front", currency: "usd", affiliateName: "", amountTransaction: 10, amountCreatorNet: 7, amountAffiliation: 2, amountRefunded: 0, ...over,
});

describe("affiliateLeaderboard", () => {
  it("sums each affiliate's sales and money in cents, per currency, never across", () => {
    const purchases = [
      sale({ affiliateName: "ana", amountTransaction: 0.1, amountCreatorNet: 0.1, amountAffiliation: 0.1 }),
      sale({ affiliateName: "ana", amountTransaction: 0.2, amountCreatorNet: 0.2, amountAffiliation: 0.2 }),
      sale({ affiliateName: "ana", currency: "brl", amountCreatorNet: 50 }),
      sale({ affiliateName: "" }),
      sale({ affiliateName: null as unknown as string }),
    ];
    const blocks = affiliateLeaderboard({ purchases, chargebacks: [], previous: null });
    expect(blocks.map((b) => b.currency)).toEqual(["usd", "brl"]);
    const usd = blocks[0]!;
    // Sales without an affiliate are no row but count in the account's figures.
    expect(usd.account.sales).toBe(4);
    expect(usd.rows).toHaveLength(1);
    expect(usd.rows[0]).toMatchObject({ affiliate: "ana", sales: 2, salesAmount: 0.3, netRevenue: 0.3, commission: 0.3, trend: null });
    expect(blocks[1]!.rows[0]).toMatchObject({ affiliate: "ana", sales: 1, netRevenue: 50 });
  });

  it("attach rates over the affiliate's front checkouts, counting every purchase of those orders, as attachRates does", () => {
    const purchases = [
      sale({ orderId: 100, affiliateName: "ana" }),
      sale({ orderId: 100, purchaseType: "order_bump", affiliateName: "" }),
      sale({ orderId: 101, affiliateName: "ana" }),
      sale({ orderId: 101, purchaseType: "upsell", affiliateName: "ana" }),
      sale({ orderId: 102, affiliateName: "ana" }),
      sale({ orderId: 103, purchaseType: "upsell", affiliateName: "ana" }), // no front purchase: not a checkout of hers
      sale({ orderId: 200, affiliateName: "bob" }),
    ];
    const [usd] = affiliateLeaderboard({ purchases, chargebacks: [], previous: null });
    const ana = usd!.rows.find((r) => r.affiliate === "ana")!;
    expect(ana.frontOrders).toBe(3);
    expect(ana.orderBump).toEqual({ orders: 1, rate: 1 / 3 });
    expect(ana.upsell).toEqual({ orders: 1, rate: 1 / 3 });
    // The account's rate over all orders agrees with the same definition.
    expect(attachRates(purchases)[0]!.frontOrders).toBe(4);
  });

  it("flags a rate only when clearly above 2x the account's, from MIN_SAMPLE sales, and says when the sample is small", () => {
    const purchases: LeaderboardPurchase[] = [];
    // 40 sales of "big": 8 refunded (20 %), 1 charged back; 100 sales of nobody, none refunded.
    for (let i = 0; i < 40; i++) purchases.push(sale({ affiliateName: "big", amountRefunded: i < 8 ? 5 : 0 }));
    for (let i = 0; i < 100; i++) purchases.push(sale({ affiliateName: "" }));
    // 5 sales of "small": 3 refunded (60 %), yet too few to judge.
    for (let i = 0; i < 5; i++) purchases.push(sale({ affiliateName: "small", amountRefunded: i < 3 ? 10 : 0 }));
    const chargebacks = [{ purchaseId: purchases[0]!.purchaseId }, { purchaseId: 999_999 }];
    const [usd] = affiliateLeaderboard({ purchases, chargebacks, previous: null });
    expect(usd!.account).toEqual({ sales: 145, refunds: 11, refundRate: 11 / 145, chargebacks: 1, chargebackRate: 1 / 145 });
    const big = usd!.rows.find((r) => r.affiliate === "big")!;
    // 20 % is above 2x 7.6 %, yet its 95 % lower bound (10.5 %) is not: chance could give it. One chargeback is too few.
    expect(big.refunds).toMatchObject({ count: 8, rate: 0.2, flag: "uncertain" });
    expect(big.chargebacks).toMatchObject({ count: 1, rate: 1 / 40, flag: "uncertain" });
    const small = usd!.rows.find((r) => r.affiliate === "small")!;
    expect(small.sales).toBeLessThan(MIN_SAMPLE);
    expect(small.refunds).toMatchObject({ count: 3, rate: 0.6, flag: "small" });
  });

  it("flags a rate whose 95 % lower bound is above 2x the account's", () => {
    const purchases: LeaderboardPurchase[] = [];
    // "bad": 20 of 40 refunded (50 %, lower bound 35.2 %); account 20 of 240 (8.3 %, 2x = 16.7 %).
    for (let i = 0; i < 40; i++) purchases.push(sale({ affiliateName: "bad", amountRefunded: i < 20 ? 1 : 0 }));
    for (let i = 0; i < 200; i++) purchases.push(sale({ affiliateName: "" }));
    const [usd] = affiliateLeaderboard({ purchases, chargebacks: [], previous: null });
    expect(usd!.rows[0]!.refunds).toMatchObject({ count: 20, rate: 0.5, low: expect.closeTo(0.352, 3), flag: "high" });
  });

  it("a rate at or under 2x the account's is not flagged", () => {
    const purchases: LeaderboardPurchase[] = [];
    // Account: 4 of 80 refunded (5 %); "even": 3 of 30 (10 %, exactly 2x).
    for (let i = 0; i < 30; i++) purchases.push(sale({ affiliateName: "even", amountRefunded: i < 3 ? 1 : 0 }));
    for (let i = 0; i < 50; i++) purchases.push(sale({ affiliateName: "", amountRefunded: i < 1 ? 1 : 0 }));
    const [usd] = affiliateLeaderboard({ purchases, chargebacks: [], previous: null });
    expect(usd!.rows[0]!.refunds.flag).toBe("normal");
  });

  it("chargebacks unavailable (404) are null, not 0 %", () => {
    const [usd] = affiliateLeaderboard({ purchases: [sale({ affiliateName: "ana" })], chargebacks: null, previous: null });
    expect(usd!.account.chargebackRate).toBeNull();
    expect(usd!.rows[0]!.chargebacks).toEqual({ count: null, rate: null, low: null, flag: "unavailable" });
  });

  it("trend against the comparison period: relative change, and new when it had nothing", () => {
    const purchases = [sale({ affiliateName: "ana", amountCreatorNet: 30 }), sale({ affiliateName: "ana", amountCreatorNet: 30 }), sale({ affiliateName: "bob" })];
    const previous = [sale({ affiliateName: "ana", amountCreatorNet: 40 }), sale({ affiliateName: "bob", currency: "brl" })];
    const [usd] = affiliateLeaderboard({ purchases, chargebacks: [], previous });
    const ana = usd!.rows.find((r) => r.affiliate === "ana")!;
    expect(ana.trend).toEqual({ previousSales: 1, previousNetRevenue: 40, salesChange: 1, netRevenueChange: 0.5, isNew: false });
    // bob sold in brl before, not in usd: new in usd.
    expect(usd!.rows.find((r) => r.affiliate === "bob")!.trend).toEqual({ previousSales: 0, previousNetRevenue: 0, salesChange: null, netRevenueChange: null, isNew: true });
  });
});

// Issue #24 point 7: a chargeback is a sale with a dispute opened, won or not; an alert is none.
describe("affiliateLeaderboard chargebacks", () => {
  it("counts the sales with a dispute opened once each, won ones included, alerts left out", () => {
    const purchases = [sale({ affiliateName: "ana" }), sale({ affiliateName: "ana" }), sale({ affiliateName: "ana" }), sale({ affiliateName: "" })];
    const [a, b, c, d] = purchases.map((p) => p.purchaseId);
    const chargebacks = [
      { purchaseId: a, kind: "alert", status: "resolved" },
      { purchaseId: b, kind: "chargeback", status: "won" },
      { purchaseId: c, kind: "chargeback", status: "lost" },
      { purchaseId: c, kind: "chargeback", status: "open" },
      { purchaseId: d, kind: "alert", status: "resolved" },
    ];
    const [usd] = affiliateLeaderboard({ purchases, chargebacks, previous: null });
    expect(usd!.account.chargebacks).toBe(2);
    expect(usd!.rows[0]!.chargebacks.count).toBe(2);
  });
});
