// Headline figures of a set of purchases, per currency. A creator and an affiliate look at
// the same purchases from two sides, so each gets its own result type: the affiliate's has
// no creator-only keys at all, not even as zeros, since the API never sends them that data.
import type { KeyType } from "@/lib/sales-api";
import type { Purchase } from "@/lib/records/purchase";
import { CurrencyGroups } from "./currency-groups";
import { OrderTable } from "./order-table";
import { refundedShareCents, fromCents, toCents, UNKNOWN_CURRENCY, type CurrencyOptions } from "./money";

export { kpiDeltas, type KpiDelta, type KpiDeltaRow } from "./kpi-deltas";

export type KpiPurchase = Pick<
  Purchase,
  | "currency"
  | "orderId"
  | "amountTransaction"
  | "amountItemsGross"
  | "amountItemsNet"
  | "amountShippingNet"
  | "amountTaxes"
  | "amountAffiliation"
  | "amountAffiliationNet"
  | "amountRefunded"
  | "amountCreatorNet"
  | "amountCreatorPlatformFee"
>;

export interface CreatorKpis {
  currency: string;
  purchases: number;
  /** Distinct orderId; a purchase without one counts as an order of its own. */
  orders: number;
  transactionAmount: number;
  itemsGross: number;
  itemsNet: number;
  shipping: number;
  taxes: number;
  platformFees: number;
  creatorNet: number;
  affiliationPaid: number;
  refunded: number;
  /** transactionAmount / orders, rounded to the cent; null without orders. */
  averageOrderValue: number | null;
}

export interface AffiliateKpis {
  currency: string;
  purchases: number;
  orders: number;
  commission: number;
  commissionNet: number;
  /** Transaction amount of the purchases the affiliate referred. */
  referredSales: number;
  refunded: number;
  /** Commission of refunded purchases, pro rata refunded / transaction, rounded per purchase to the cent. */
  commissionLostToRefunds: number;
}

export interface RevenueKpiOptions<K extends KeyType = KeyType> extends CurrencyOptions {
  keyType: K;
}

class KpiCounts {
  purchases = 0;
  /** Distinct orderIds (filled in from the order table) plus purchases without one. */
  orders = 0;
}

class CreatorSums extends KpiCounts {
  transaction = 0;
  itemsGross = 0;
  itemsNet = 0;
  shipping = 0;
  taxes = 0;
  platformFees = 0;
  creatorNet = 0;
  affiliation = 0;
  refunded = 0;
}

class AffiliateSums extends KpiCounts {
  commission = 0;
  commissionNet = 0;
  referredSales = 0;
  refunded = 0;
  commissionLost = 0;
}

/** One pass: groups by currency, counts purchases and distinct orders, and lets `add` sum the amounts. */
function sumByCurrency<S extends KpiCounts>(purchases: readonly KpiPurchase[], fallback: string, create: () => S, add: (sums: S, p: KpiPurchase) => void): CurrencyGroups<S> {
  const groups = new CurrencyGroups(create);
  const orders = OrderTable.borrow(purchases.length);
  let lastOrderId = NaN;
  let lastGroup = -1;
  for (const p of purchases) {
    const g = groups.indexOf(p.currency || fallback);
    const sums = groups.groups[g]!;
    sums.purchases++;
    const orderId = p.orderId;
    if (orderId == null) sums.orders++;
    // A checkout's purchases arrive one after another; the table sees each order once per run.
    else if (orderId !== lastOrderId || g !== lastGroup) {
      orders.mark(g, orderId, 0);
      lastOrderId = orderId;
      lastGroup = g;
    }
    add(sums, p);
  }
  orders.forEach((g) => groups.groups[g]!.orders++);
  orders.release();
  return groups;
}

export function creatorKpis(purchases: readonly KpiPurchase[], options: CurrencyOptions = {}): CreatorKpis[] {
  const fallback = options.fallbackCurrency ?? UNKNOWN_CURRENCY;
  const groups = sumByCurrency(purchases, fallback, () => new CreatorSums(), (s, p) => {
    s.transaction += toCents(p.amountTransaction);
    s.itemsGross += toCents(p.amountItemsGross);
    s.itemsNet += toCents(p.amountItemsNet);
    s.shipping += toCents(p.amountShippingNet);
    s.taxes += toCents(p.amountTaxes);
    s.platformFees += toCents(p.amountCreatorPlatformFee);
    s.creatorNet += toCents(p.amountCreatorNet);
    s.affiliation += toCents(p.amountAffiliation);
    s.refunded += toCents(p.amountRefunded);
  });
  return groups.map((currency, s): CreatorKpis => ({
    currency,
    purchases: s.purchases,
    orders: s.orders,
    transactionAmount: fromCents(s.transaction),
    itemsGross: fromCents(s.itemsGross),
    itemsNet: fromCents(s.itemsNet),
    shipping: fromCents(s.shipping),
    taxes: fromCents(s.taxes),
    platformFees: fromCents(s.platformFees),
    creatorNet: fromCents(s.creatorNet),
    affiliationPaid: fromCents(s.affiliation),
    refunded: fromCents(s.refunded),
    averageOrderValue: s.orders > 0 ? fromCents(Math.round(s.transaction / s.orders)) : null,
  })).sort(byPurchases);
}

export function affiliateKpis(purchases: readonly KpiPurchase[], options: CurrencyOptions = {}): AffiliateKpis[] {
  const fallback = options.fallbackCurrency ?? UNKNOWN_CURRENCY;
  const groups = sumByCurrency(purchases, fallback, () => new AffiliateSums(), (s, p) => {
    const commission = toCents(p.amountAffiliation);
    const transaction = toCents(p.amountTransaction);
    const refunded = toCents(p.amountRefunded);
    s.commission += commission;
    s.commissionNet += toCents(p.amountAffiliationNet);
    s.referredSales += transaction;
    s.refunded += refunded;
    s.commissionLost += refundedShareCents(commission, refunded, transaction);
  });
  return groups.map((currency, s): AffiliateKpis => ({
    currency,
    purchases: s.purchases,
    orders: s.orders,
    commission: fromCents(s.commission),
    commissionNet: fromCents(s.commissionNet),
    referredSales: fromCents(s.referredSales),
    refunded: fromCents(s.refunded),
    commissionLostToRefunds: fromCents(s.commissionLost),
  })).sort(byPurchases);
}

function byPurchases(a: { currency: string; purchases: number }, b: { currency: string; purchases: number }): number {
  return b.purchases - a.purchases || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);
}

/** Per currency, most purchases first. The key type picks the result type. */
export function revenueKpis(purchases: readonly KpiPurchase[], options: RevenueKpiOptions<"creator">): CreatorKpis[];
export function revenueKpis(purchases: readonly KpiPurchase[], options: RevenueKpiOptions<"affiliate">): AffiliateKpis[];
export function revenueKpis(purchases: readonly KpiPurchase[], options: RevenueKpiOptions): CreatorKpis[] | AffiliateKpis[];
export function revenueKpis(purchases: readonly KpiPurchase[], options: RevenueKpiOptions): CreatorKpis[] | AffiliateKpis[] {
  return options.keyType === "creator" ? creatorKpis(purchases, options) : affiliateKpis(purchases, options);
}
