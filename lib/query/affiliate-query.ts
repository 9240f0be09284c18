import "server-only";

// The Affiliates leaderboard's sums of a local range, filtered, made by the purchases fact store:
// the LeaderboardSums the records would give (lib/analytics/affiliate-leaderboard.ts's
// sumsOfPurchases), so rows, rates, flags and trends are read off them by the same leaderboardOf.
// The chargebacks' disputed sales are placed on their currency and affiliate by the table too
// (countSales), instead of by every purchase record of the period.
import { affiliateOf, currencySums, emptySums, type AffiliateSums, type CurrencySums } from "@/lib/analytics/affiliate-leaderboard";
import type { PurchaseFactPlan, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { purchasePlan } from "./purchase-query";
import type { PurchaseSummaryQuery } from "./purchase-summary-query";

export interface AffiliateFacts {
  currencies: CurrencySums[];
  /** The days (YYYY-MM-DD) with a sale after the filters: what comparisonDataStart reads. */
  days: string[];
}

/** The stored affiliate key as the leaderboard names it: "none" (no affiliate) and blanks are "". */
const nameOf = (key: string) => (key === "none" ? "" : affiliateOf({ affiliateName: key }));

function planOf(query: PurchaseSummaryQuery): PurchaseFactPlan {
  const { plan } = purchasePlan({ ...query, granularity: "day", keyType: "creator" });
  return { ...plan, bucketStarts: plan.bucketStarts.slice(0, 1) };
}

/**
 * The period's sums per currency and affiliate. `disputed`: the sales with a dispute opened
 * (disputedSaleIds of the chargeback records), null when those records are unknown.
 */
export async function affiliateSumsFromFacts(store: PurchaseFactStore, account: string, query: PurchaseSummaryQuery, disputed: ReadonlySet<number> | null): Promise<AffiliateFacts> {
  const plan = planOf(query);
  const ids = disputed ? [...disputed] : [];
  // The ids are one parameter of one statement (idRows in purchase-fact-sql.ts), however many.
  const [groups, counts] = await Promise.all([store.affiliateGroups(account, plan), store.countSales(account, plan, ids)]);
  const by = new Map<string, CurrencySums>();
  const affiliate = (currency: string, key: string): AffiliateSums | null => {
    const name = nameOf(key);
    if (!name) return null;
    const affiliates = currencySums(by, currency).affiliates;
    return affiliates.get(name) ?? affiliates.set(name, emptySums()).get(name)!;
  };
  for (const g of groups.sums) {
    const account = currencySums(by, g.currency).account;
    account.sales += g.sales;
    account.refunds += g.refunded;
    const a = affiliate(g.currency, g.affiliate);
    if (!a) continue;
    a.sales += g.sales;
    a.transaction += g.transaction;
    a.net += g.creatorNet;
    a.commission += g.affiliation;
    a.refunds += g.refunded;
    // A front sale without an order is a checkout of its own, with nothing attached.
    a.frontOrders += g.loneFronts;
  }
  for (const o of groups.orders) {
    const a = affiliate(o.currency, o.affiliate);
    if (!a) continue;
    a.frontOrders += o.frontOrders;
    a.bump += o.bump;
    a.upsell += o.upsell;
  }
  for (const c of counts) {
    currencySums(by, c.currency).account.chargebacks += c.sales;
    const a = affiliate(c.currency, c.affiliate);
    if (a) a.chargebacks += c.sales;
  }
  return { currencies: [...by.values()], days: groups.days };
}
