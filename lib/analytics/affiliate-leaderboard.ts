// The Affiliates leaderboard (creator keys): per currency, one row per affiliate named on the
// period's purchases, with sales, money, attach rates on their customers' checkouts, refund and
// chargeback rates against the account's own (sale dating), and the trend against a comparison
// period. Money in integer cents; currencies are never added together.
import type { Purchase } from "@/lib/records/purchase";
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
/** The affiliate a sale names, as the leaderboard groups it: trimmed, "" for none. */
export const affiliateOf = (p: Pick<LeaderboardPurchase, "affiliateName">) => (p.affiliateName ?? "").trim();

/** One affiliate's (or the account's) sums of a currency: counts, and money in integer cents. */
export interface AffiliateSums {
  sales: number;
  transaction: number;
  net: number;
  commission: number;
  /** Sales with something refunded. */
  refunds: number;
  /** Sales with a dispute opened (sale-losses.ts's rule). */
  chargebacks: number;
  /** The affiliate's checkouts: orders holding one of their front sales, and which took a bump, an upsell. */
  frontOrders: number;
  bump: number;
  upsell: number;
}

export const emptySums = (): AffiliateSums => ({ sales: 0, transaction: 0, net: 0, commission: 0, refunds: 0, chargebacks: 0, frontOrders: 0, bump: 0, upsell: 0 });

/** A currency's sums: the account's (every sale, with an affiliate or not) and each affiliate's. */
export interface CurrencySums {
  currency: string;
  account: AffiliateSums;
  affiliates: Map<string, AffiliateSums>;
}

/** Sales and net revenue (cents) per currency and affiliate: the comparison period's trend figures. */
export type TrendTotals = ReadonlyMap<string, ReadonlyMap<string, { sales: number; net: number }>>;

/**
 * What the leaderboard is made of, whoever summed it: the records (sumsOfPurchases) or the
 * purchases fact table (lib/query/affiliate-query.ts). One definition of every figure below.
 */
export interface LeaderboardSums {
  currencies: readonly CurrencySums[];
  /** False when the chargebacks endpoint answered 404: no chargeback figure is told. */
  chargebacksKnown: boolean;
  /** null without a comparison. */
  previous: TrendTotals | null;
}

/** A currency's entry of `by`, made on first use. */
export function currencySums(by: Map<string, CurrencySums>, currency: string): CurrencySums {
  return by.get(currency) ?? by.set(currency, { currency, account: emptySums(), affiliates: new Map() }).get(currency)!;
}

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

/** The trend figures of sums (a comparison period summed by the fact table). */
export function trendTotals(currencies: readonly CurrencySums[]): TrendTotals {
  return new Map(currencies.map((c) => [c.currency, new Map([...c.affiliates].map(([name, a]) => [name, { sales: a.sales, net: a.net }]))]));
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

/** The records' sums: each purchase added to its currency's account and its affiliate. */
export function sumsOfPurchases(input: LeaderboardInput): LeaderboardSums {
  const fallback = input.fallbackCurrency ?? UNKNOWN_CURRENCY;
  // Sales with a dispute opened, won or not; alerts are no chargeback (sale-losses.ts).
  const charged = input.chargebacks ? disputedSaleIds(input.chargebacks) : null;
  const by = new Map<string, CurrencySums>();
  const fronts = new Map<AffiliateSums, LeaderboardPurchase[]>();
  // Every purchase of an order, so an affiliate's checkout counts the bumps and upsells it took
  // whoever they are attributed to: the same orders the account-level attach rate reads.
  const byOrder = new Map<number, LeaderboardPurchase[]>();
  for (const p of input.purchases) {
    const currency = p.currency || fallback;
    const block = currencySums(by, currency);
    const refunded = toCents(p.amountRefunded) > 0 ? 1 : 0;
    const chargedBack = charged?.has(p.purchaseId) ? 1 : 0;
    block.account.sales++;
    block.account.refunds += refunded;
    block.account.chargebacks += chargedBack;
    if (p.orderId != null) (byOrder.get(p.orderId) ?? byOrder.set(p.orderId, []).get(p.orderId)!).push(p);
    const name = affiliateOf(p);
    if (!name) continue;
    const a = block.affiliates.get(name) ?? block.affiliates.set(name, emptySums()).get(name)!;
    a.sales++;
    a.transaction += toCents(p.amountTransaction);
    a.net += toCents(p.amountCreatorNet);
    a.commission += toCents(p.amountAffiliation);
    a.refunds += refunded;
    a.chargebacks += chargedBack;
    if (p.purchaseType === "front") (fronts.get(a) ?? fronts.set(a, []).get(a)!).push(p);
  }
  for (const { currency, affiliates } of by.values()) {
    for (const a of affiliates.values()) {
      const front = fronts.get(a) ?? [];
      const checkouts = front.flatMap((p) => (p.orderId == null ? [p] : []));
      for (const id of new Set(front.map((p) => p.orderId).filter((id): id is number => id != null))) checkouts.push(...byOrder.get(id)!);
      const attach = attachRates(checkouts, { fallbackCurrency: fallback }).find((r) => r.currency === currency);
      a.frontOrders = attach?.frontOrders ?? 0;
      a.bump = attach?.orderBump.orders ?? 0;
      a.upsell = attach?.upsell.orders ?? 0;
    }
  }
  return { currencies: [...by.values()], chargebacksKnown: charged !== null, previous: input.previous ? totals(input.previous, fallback) : null };
}

export function affiliateLeaderboard(input: LeaderboardInput): AffiliateBlock[] {
  return leaderboardOf(sumsOfPurchases(input));
}

/** The leaderboard of sums: rows, rates, flags and trends, the one definition of each. */
export function leaderboardOf(sums: LeaderboardSums): AffiliateBlock[] {
  const charged = sums.chargebacksKnown;
  const before = sums.previous;
  return sums.currencies
    .map(({ currency, account, affiliates }): AffiliateBlock => {
      // Refunds by sale date come from the purchases' amountRefunded: known even when the
      // refunds endpoint answers 404 (the page says so). Chargebacks need their records.
      const refundRate = ratio(account.refunds, account.sales);
      const chargebackRate = charged ? ratio(account.chargebacks, account.sales) : null;
      const rows = [...affiliates].map(([affiliate, a]): AffiliateRow => {
        // attachRates' figures: n of the front orders, no rate without one.
        const attach = (n: number): AttachCount => ({ orders: n, rate: a.frontOrders === 0 ? null : n / a.frontOrders });
        return {
          affiliate,
          sales: a.sales,
          salesAmount: fromCents(a.transaction),
          netRevenue: fromCents(a.net),
          commission: fromCents(a.commission),
          frontOrders: a.frontOrders,
          orderBump: attach(a.bump),
          upsell: attach(a.upsell),
          refunds: rateFigure(a.refunds, a.sales, refundRate),
          chargebacks: rateFigure(charged ? a.chargebacks : null, a.sales, chargebackRate),
          trend: before ? trendOf({ sales: a.sales, net: a.net }, before.get(currency)?.get(affiliate)) : null,
        };
      });
      rows.sort((x, y) => y.netRevenue - x.netRevenue || y.sales - x.sales || x.affiliate.localeCompare(y.affiliate));
      return { currency, account: { sales: account.sales, refunds: account.refunds, refundRate, chargebacks: charged ? account.chargebacks : null, chargebackRate }, rows };
    })
    .filter((b) => b.rows.length > 0)
    .sort((x, y) => y.account.sales - x.account.sales || x.currency.localeCompare(y.currency));
}
