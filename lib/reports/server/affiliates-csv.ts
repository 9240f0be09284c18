import "server-only";

// The CSV of the Affiliates report: one row per currency and affiliate, every figure the
// leaderboard shows, made from the view alone (the same function serves a shared snapshot).
// English headers; flags as their codes (high, uncertain, normal, small, unavailable), beside
// the 95% Wilson lower bound of each rate that the flag is judged on.
import type { AffiliatesView } from "./affiliates-report";
import { noComparisonDataText } from "@/lib/reports/no-comparison-data";
import { flatDataset, type CsvDataset } from "./csv-datasets";

/** Every name an Affiliates CSV can have ("all" is the ZIP of them). */
export const AFFILIATES_CSV_NAMES: ReadonlySet<string> = new Set(["all", "affiliates"]);

/** Files holding the comparison period's figures: the leaderboard's trend columns. */
export const AFFILIATES_HOLD_COMPARISON: ReadonlySet<string> = new Set(["affiliates"]);

export function affiliatesDatasets(view: Pick<AffiliatesView, "blocks" | "comparisonDataFrom">): Map<string, CsvDataset> {
  // The page's words: "new" against nothing, and no change where the comparison has no data.
  const note = (isNew: boolean) => (isNew ? "new" : view.comparisonDataFrom ? noComparisonDataText(view.comparisonDataFrom) : "");
  const rows = view.blocks.flatMap((b) => b.rows.map((r) => ({
    currency: b.currency,
    affiliate: r.affiliate,
    sales: r.sales,
    salesAmount: r.salesAmount,
    netRevenue: r.netRevenue,
    commission: r.commission,
    frontOrders: r.frontOrders,
    orderBumpOrders: r.orderBump.orders,
    orderBumpRate: r.orderBump.rate,
    upsellOrders: r.upsell.orders,
    upsellRate: r.upsell.rate,
    refunds: r.refunds.count,
    refundRate: r.refunds.rate,
    refundRateLow95: r.refunds.low,
    accountRefundRate: b.account.refundRate,
    refundFlag: r.refunds.flag,
    chargebacks: r.chargebacks.count,
    chargebackRate: r.chargebacks.rate,
    chargebackRateLow95: r.chargebacks.low,
    accountChargebackRate: b.account.chargebackRate,
    chargebackFlag: r.chargebacks.flag,
    previousSales: r.trend?.previousSales ?? null,
    salesChange: r.trend?.salesChange ?? null,
    previousNetRevenue: r.trend?.previousNetRevenue ?? null,
    netRevenueChange: r.trend?.netRevenueChange ?? null,
    comparisonNote: note(r.trend?.isNew ?? false),
  })));
  return new Map([["affiliates", flatDataset([
    ["currency", "text"], ["affiliate", "text"], ["sales", "number"], ["salesAmount", "money"], ["netRevenue", "money"], ["commission", "money"],
    ["frontOrders", "number"], ["orderBumpOrders", "number"], ["orderBumpRate", "number"], ["upsellOrders", "number"], ["upsellRate", "number"],
    ["refunds", "number"], ["refundRate", "number"], ["refundRateLow95", "number"], ["accountRefundRate", "number"], ["refundFlag", "text"],
    ["chargebacks", "number"], ["chargebackRate", "number"], ["chargebackRateLow95", "number"], ["accountChargebackRate", "number"], ["chargebackFlag", "text"],
    ["previousSales", "number"], ["salesChange", "number"], ["previousNetRevenue", "money"], ["netRevenueChange", "number"], ["comparisonNote", "text"],
  ], rows)]]);
}
