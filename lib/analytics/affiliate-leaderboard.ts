// The Affiliates leaderboard (creator keys): per currency, one row per affiliate named on the
// period's purchases, with sales, money, attach rates on their customers' checkouts, refund and
// chargeback rates against the account's own (sale dating), and the trend against a comparison
// period. Money in integer cents; currencies are never added together.
import type { Purchase } from "@/lib/sales-api/schemas/purchase";
import { attachRates, type AttachCount } from "./attach-rates";
import { kpiDeltas } from "./kpi-deltas";
import { fromCents, toCents, UNKNOWN_CURRENCY } from "./money";
import { rateFigure, type RateFigure } from "./rate-flag";
import { disputedSaleIds } from "./sale-losses";

export type LeaderboardPurchase = Pick<Purchase, "purchaseId" | "orderId" | "purchaseType" | "currency" | "affiliateName" | "amountTransaction" | "amountCreatorNet" | "amountAffiliation" | "amountRefunded">;

// The flag rule (a significant difference, not any rate above the multiple) has a file of its own.
export { FLAG_MULTIPLE, MIN_EVENTS, MIN_SAMPLE, type RateFigure, type RateFlag } from "./rate-flag";

export interface AffiliateTrend {
  previousSales: number;
  previousNetRevenue: number;
  /** Relative changes (0.25 = +25 %); null for a zero base (then `isNew` when there is something now). */
  salesChange: number | null;
  netRevenueChange: number | null;
  isNew: boolean;
}

export interface AffiliateRow {
  affiliate: string;
  sales: number;
  salesAmount: number;
  netRevenue: number;
  commission: number;
  /** Orders holding one of the affiliate's front purchases. */
  frontOrders: number;
  orderBump: AttachCount;
  upsell: AttachCount;
  refunds: RateFigure;
  chargebacks: RateFigure;
  /** null when the report has no comparison period. */
  trend: AffiliateTrend | null;
}

export interface AccountRates {
  /** Every sale of the currency, with an affiliate or not. */
  sales: number;
  refunds: number;
  refundRate: number | null;
  chargebacks: number | null;
  chargebackRate: number | null;
}

export interface AffiliateBlock {
  currency: string;
  account: AccountRates;
  rows: AffiliateRow[];
}

export interface LeaderboardInput {
  purchases: readonly LeaderboardPurchase[];
  /** Chargeback records (purchaseId, kind and status are read); null when the endpoint answered 404. */
  chargebacks: ReadonlyArray<Record<string, unknown>> | null;
  /** The comparison period's purchases; null without a comparison. */
  previous: readonly LeaderboardPurchase[] | null;
  fallbackCurrency?: string;
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
const affiliateOf = (p: LeaderboardPurchase) => (p.affiliateName ?? "").trim();

interface Acc { sales: number; transaction: number; net: number; commission: number; refunds: number; chargebacks: number; front: LeaderboardPurchase[] }
const emptyAcc = (): Acc => ({ sales: 0, transaction: 0, net: 0, commission: 0, refunds: 0, chargebacks: 0, front: [] });

/** Sales and net revenue (cents) per currency and affiliate: both periods' trend figures. */
function totals(purchases: readonly LeaderboardPurchase[], fallback: string): Map<string, Map<string, { sales: number; net: number }>> {
  const by = new Map<string, Map<string, { sales: number; net: number }>>();
  for (const p of purchases) {
    const name = affiliateOf(p);
    if (!name) continue;
    const currency = p.currency || fallback;
    const inCurrency = by.get(currency) ?? by.set(currency, new Map()).get(currency)!;
    const t = inCurrency.get(name) ?? inCurrency.set(name, { sales: 0, net: 0 }).get(name)!;
    t.sales++;
    t.net += toCents(p.amountCreatorNet);
  }
  return by;
}

function trendOf(now: { sales: number; net: number }, before: { sales: number; net: number } | undefined): AffiliateTrend {
  const row = (t: { sales: number; net: number } | undefined) => ({ currency: "x", sales: t?.sales ?? 0, netRevenue: fromCents(t?.net ?? 0) });
  // kpiDeltas: the same change (in cents) and relative change as every KPI card's.
  const d = kpiDeltas([row(now)], [row(before)])[0]!.deltas;
  return {
    previousSales: before?.sales ?? 0,
    previousNetRevenue: fromCents(before?.net ?? 0),
    salesChange: d.sales.relative,
    netRevenueChange: d.netRevenue.relative,
    // "new" as the KPI cards say it (isNewFigure): something now, nothing in the comparison.
    isNew: now.sales > 0 && (before?.sales ?? 0) === 0,
  };
}

export function affiliateLeaderboard(input: LeaderboardInput): AffiliateBlock[] {
  const fallback = input.fallbackCurrency ?? UNKNOWN_CURRENCY;
  // Sales with a dispute opened, won or not; alerts are no chargeback (sale-losses.ts).
  const charged = input.chargebacks ? disputedSaleIds(input.chargebacks) : null;
  const blocks = new Map<string, { account: Acc; affiliates: Map<string, Acc> }>();
  // Every purchase of an order, so an affiliate's checkout counts the bumps and upsells it took
  // whoever they are attributed to: the same orders the account-level attach rate reads.
  const byOrder = new Map<number, LeaderboardPurchase[]>();
  for (const p of input.purchases) {
    const currency = p.currency || fallback;
    const block = blocks.get(currency) ?? blocks.set(currency, { account: emptyAcc(), affiliates: new Map() }).get(currency)!;
    const refunded = toCents(p.amountRefunded) > 0 ? 1 : 0;
    const chargedBack = charged?.has(p.purchaseId) ? 1 : 0;
    block.account.sales++;
    block.account.refunds += refunded;
    block.account.chargebacks += chargedBack;
    if (p.orderId != null) (byOrder.get(p.orderId) ?? byOrder.set(p.orderId, []).get(p.orderId)!).push(p);
    const name = affiliateOf(p);
    if (!name) continue;
    const a = block.affiliates.get(name) ?? block.affiliates.set(name, emptyAcc()).get(name)!;
    a.sales++;
    a.transaction += toCents(p.amountTransaction);
    a.net += toCents(p.amountCreatorNet);
    a.commission += toCents(p.amountAffiliation);
    a.refunds += refunded;
    a.chargebacks += chargedBack;
    if (p.purchaseType === "front") a.front.push(p);
  }
  const before = input.previous ? totals(input.previous, fallback) : null;
  return [...blocks]
    .map(([currency, { account, affiliates }]): AffiliateBlock => {
      // Refunds by sale date come from the purchases' amountRefunded: known even when the
      // refunds endpoint answers 404 (the page says so). Chargebacks need their records.
      const refundRate = ratio(account.refunds, account.sales);
      const chargebackRate = charged ? ratio(account.chargebacks, account.sales) : null;
      const rows = [...affiliates].map(([affiliate, a]): AffiliateRow => {
        const checkouts = a.front.flatMap((p) => (p.orderId == null ? [p] : []));
        for (const id of new Set(a.front.map((p) => p.orderId).filter((id): id is number => id != null))) checkouts.push(...byOrder.get(id)!);
        const attach = attachRates(checkouts, { fallbackCurrency: fallback }).find((r) => r.currency === currency);
        const none: AttachCount = { orders: 0, rate: null };
        const refunds = a.refunds;
        const chargebacks = charged ? a.chargebacks : null;
        return {
          affiliate,
          sales: a.sales,
          salesAmount: fromCents(a.transaction),
          netRevenue: fromCents(a.net),
          commission: fromCents(a.commission),
          frontOrders: attach?.frontOrders ?? 0,
          orderBump: attach?.orderBump ?? none,
          upsell: attach?.upsell ?? none,
          refunds: rateFigure(refunds, a.sales, refundRate),
          chargebacks: rateFigure(chargebacks, a.sales, chargebackRate),
          trend: before ? trendOf({ sales: a.sales, net: a.net }, before.get(currency)?.get(affiliate)) : null,
        };
      });
      rows.sort((x, y) => y.netRevenue - x.netRevenue || y.sales - x.sales || x.affiliate.localeCompare(y.affiliate));
      return { currency, account: { sales: account.sales, refunds: account.refunds, refundRate, chargebacks: charged ? account.chargebacks : null, chargebackRate }, rows };
    })
    .filter((b) => b.rows.length > 0)
    .sort((x, y) => y.account.sales - x.account.sales || x.currency.localeCompare(y.currency));
}
