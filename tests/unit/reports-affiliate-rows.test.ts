import { describe, expect, it } from "vitest";
import type { AffiliateRow, RateFigure } from "@/lib/analytics/affiliate-leaderboard";
import { shownAffiliateRows } from "@/lib/reports/affiliate-rows";

const rate = (count: number | null, sales: number, flag: RateFigure["flag"] = "normal"): RateFigure => ({ count, rate: count === null ? null : count / sales, low: null, flag });
const row = (affiliate: string, sales: number, over: Partial<AffiliateRow> = {}): AffiliateRow => ({
  affiliate, sales, salesAmount: sales, netRevenue: sales * 10, commission: sales, frontOrders: sales, orderBump: { orders: 0, rate: 0 }, upsell: { orders: 0, rate: 0 },
  refunds: rate(0, sales), chargebacks: rate(0, sales), trend: null, ...over,
});

const ROWS = [
  row("Ana", 40, { refunds: rate(10, 40, "high"), trend: { previousSales: 20, previousNetRevenue: 200, salesChange: 1, netRevenueChange: 1, isNew: false } }),
  row("bruno", 10, { orderBump: { orders: 0, rate: null }, trend: { previousSales: 0, previousNetRevenue: 0, salesChange: null, netRevenueChange: null, isNew: true } }),
  row("Carla", 40, { chargebacks: rate(null, 40, "unavailable"), trend: { previousSales: 50, previousNetRevenue: 500, salesChange: -0.2, netRevenueChange: -0.2, isNew: false } }),
];
const names = (rows: AffiliateRow[]) => rows.map((r) => r.affiliate);
const base = { text: "", flaggedOnly: false, dir: "desc" as const };

describe("shownAffiliateRows", () => {
  it("sorts by a column either way, ties by name, figures without value last", () => {
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "sales" }))).toEqual(["Ana", "Carla", "bruno"]);
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "sales", dir: "asc" }))).toEqual(["bruno", "Ana", "Carla"]);
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "orderBump", dir: "asc" }))).toEqual(["Ana", "Carla", "bruno"]);
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "chargebackRate" }))).toEqual(["Ana", "bruno", "Carla"]);
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "affiliate", dir: "asc" }))).toEqual(["Ana", "bruno", "Carla"]);
  });

  it("ranks a new affiliate above any growth, and reads an unknown sort as the default (net revenue)", () => {
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "trend" }))).toEqual(["bruno", "Ana", "Carla"]);
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "nonsense" }))).toEqual(["Ana", "Carla", "bruno"]);
  });

  it("filters by name in any case, and to the flagged rows", () => {
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "sales", text: " AR " }))).toEqual(["Carla"]);
    expect(names(shownAffiliateRows(ROWS, { ...base, sort: "sales", flaggedOnly: true }))).toEqual(["Ana"]);
  });
});
